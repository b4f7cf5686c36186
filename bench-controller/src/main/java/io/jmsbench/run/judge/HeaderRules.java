package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.GroupStickiness;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.MessageHeaders;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Durations;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The rules on the headers a scenario's messages carry ({@code message.timeToLive}, {@code groups},
 * {@code deliveryDelay}): expired messages told apart from lost ones by the broker's own expired
 * count, message groups that went to more than one consumer, and what the latency of delayed
 * messages measures.
 */
final class HeaderRules {

    private final Scenario scenario;
    private final MessageHeaders headers;

    HeaderRules(Scenario scenario) {
        this.scenario = scenario;
        this.headers = scenario.message().headers();
    }

    /**
     * What expired apart from what was lost, where messages carry a time to live; {@code null}
     * otherwise. The audit's missing messages less the broker's expired count are lost; without
     * that count (not read, or a broker that gives none) missing messages cannot be told apart.
     */
    ExpiryFigures expiry(AuditCounts audit, BrokerCounts counts) {
        if (headers.timeToLive() == null) {
            return null;
        }
        long missing = audit == null ? 0 : audit.lost();
        String ttl = Durations.format(headers.timeToLive());
        if (counts == null || !counts.expiredKnown() || qpidDiscardsUncounted()) {
            String why = counts == null ? "the broker's own counts were not read"
                    : !counts.expiredKnown() ? counts.source() + " give no expired count"
                    : "Qpid JMS discards the expired messages it has prefetched, and ActiveMQ counts them among the "
                    + "acknowledged, not the expired (" + counts.source() + " said " + counts.expired() + " expired)";
            return new ExpiryFigures(ttl, missing, BrokerCounts.UNKNOWN, missing, why);
        }
        return new ExpiryFigures(ttl, missing, counts.expired(), Math.max(0, missing - counts.expired()),
                counts.source());
    }

    /**
     * Over AMQP to ActiveMQ Classic the broker's expired count misses what the client discarded:
     * a short ttl run had 1,220 messages missing, 0 counted expired and all 2,125 acknowledged.
     */
    private boolean qpidDiscardsUncounted() {
        return scenario.provider() == Provider.AMQP
                && scenario.broker().kindFor(scenario.provider()) == BrokerKind.ACTIVEMQ;
    }

    /** The audit as reported: its {@code lost} what the expiry does not explain, when it is known. */
    static AuditCounts withoutExpired(AuditCounts audit, ExpiryFigures expiry) {
        return audit == null || expiry == null || !expiry.known() ? audit : audit.withLost(expiry.lost());
    }

    /** Expired messages are what a time to live asks for: a note; missing ones not told apart, unverified. */
    void expired(ExpiryFigures expiry, AuditCounts audit, List<Finding> findings) {
        if (expiry == null) {
            return;
        }
        if (!expiry.known()) {
            if (expiry.missing() > 0) {
                findings.add(Finding.of(FindingCode.EXPIRY_NOT_COUNTED, String.format(Locale.ROOT, "%,d messages "
                        + "never arrived, which their time to live (%s) may have discarded or the broker lost: %s, "
                        + "so expired cannot be told from lost", expiry.missing(), expiry.timeToLive(),
                        expiry.source())));
            }
            return;
        }
        String partial = audit != null && audit.auditedSubscribers() < audit.subscribers()
                ? "; the broker's count covers every subscriber, the audit only " + audit.auditedSubscribers() + " of "
                + audit.subscribers() + ", so a loss at the others could hide behind an expiry" : "";
        findings.add(Finding.of(FindingCode.MESSAGES_EXPIRED, String.format(Locale.ROOT, "%,d messages expired "
                + "(timeToLive %s, counted by the broker: %s), %,d of the %,d missing from the audit lost beside them%s",
                expiry.expired(), expiry.timeToLive(), expiry.source(), expiry.lost(), expiry.missing(), partial)));
    }

    /**
     * A group received by more than one consumer, on a broker that keeps a group on one consumer
     * while it stays (ActiveMQ Classic, Artemis) and no fault or leaving consumer moved it; elsewhere
     * the spread is reported, not judged.
     */
    void groups(AuditCounts audit, List<Finding> findings) {
        GroupStickiness g = audit == null ? null : audit.groups();
        if (headers.groups() == null || g == null) {
            return;
        }
        BrokerKind kind = scenario.broker().kindFor(scenario.provider());
        boolean promised = (kind == BrokerKind.ACTIVEMQ || kind == BrokerKind.ARTEMIS) && scenario.faults().isEmpty()
                && scenario.subscribers().stream().map(SubscriberGroup::stop).allMatch(Objects::isNull);
        String figures = String.format(Locale.ROOT, "message groups: %d of %d received, over %d consumers, %d split "
                + "between consumers", g.received(), headers.groups(), g.consumers(),
                g.split());
        if (g.split() > 0 && promised) {
            findings.add(Finding.of(FindingCode.GROUPS_SPLIT, figures + " (the broker keeps a group on one consumer "
                    + "while it stays): " + g.first().stream().filter(e -> e.consumers().size() > 1)
                    .limit(3).map(e -> "group " + e.group() + " to " + e.consumers())
                    .collect(Collectors.joining("; "))));
        } else {
            findings.add(Finding.of(FindingCode.MESSAGE_GROUPS, figures + (promised ? ""
                    : " (not judged: " + (kind == null ? "a broker of no named kind"
                    : !scenario.faults().isEmpty() ? "faults may move a group" : "a consumer leaves, and its groups "
                    + "move") + ")")));
        }
    }

    /** With a delivery delay the latency runs from the intended send, so it holds the delay. */
    void deliveryDelay(List<Finding> findings) {
        if (headers.deliveryDelay() == null) {
            return;
        }
        findings.add(Finding.of(FindingCode.DELIVERY_DELAYED, "messages delayed by "
                + Durations.format(headers.deliveryDelay()) + " (deliveryDelay): the latency is measured from the "
                + "intended send and includes the delay"));
    }
}
