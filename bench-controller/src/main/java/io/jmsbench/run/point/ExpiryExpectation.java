package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.text.Durations;

import java.time.Duration;

/**
 * What a point's time to live lets expire, and whether the broker's expired count can tell it from
 * loss. {@code timeToLive}: {@code null} where messages carry none. {@code clientDiscardsUncounted}:
 * over AMQP to ActiveMQ Classic the broker's expired count misses what the client discarded (a
 * short ttl run had 1,220 messages missing, 0 counted expired and all 2,125 acknowledged).
 */
public record ExpiryExpectation(Duration timeToLive, boolean clientDiscardsUncounted) {

    static ExpiryExpectation of(Scenario scenario) {
        return new ExpiryExpectation(scenario.message().headers().timeToLive(), scenario.provider() == Provider.AMQP
                && scenario.broker().kindFor(scenario.provider()) == BrokerKind.ACTIVEMQ);
    }

    /**
     * What expired apart from what was lost; {@code null} without a time to live. The audit's
     * missing messages less the broker's expired count are lost; without that count (not read, or a
     * broker that gives none) missing messages cannot be told apart.
     */
    public ExpiryFigures figures(AuditCounts audit, BrokerCounts counts) {
        if (timeToLive == null) {
            return null;
        }
        long missing = audit == null ? 0 : audit.lost();
        String ttl = Durations.format(timeToLive);
        if (counts == null || !counts.expiredKnown() || clientDiscardsUncounted) {
            String why = counts == null ? "the broker's own counts were not read"
                    : !counts.expiredKnown() ? counts.source() + " give no expired count"
                    : "Qpid JMS discards the expired messages it has prefetched, and ActiveMQ counts them among the "
                    + "acknowledged, not the expired (" + counts.source() + " said " + counts.expired() + " expired)";
            return new ExpiryFigures(ttl, missing, BrokerCounts.UNKNOWN, missing, why);
        }
        return new ExpiryFigures(ttl, missing, counts.expired(), Math.max(0, missing - counts.expired()),
                counts.source());
    }
}
