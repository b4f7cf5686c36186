package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.Counters;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageHeaders;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Whether each consumer received a publisher's messages in the order it sent them, where JMS
 * promises that order: one producer's session to one destination, read by a consumer without a
 * selector on a queue (Jakarta Messaging's QueueReceiver: only receivers without one read in
 * producer order), all of one priority and none delayed, none flagged redelivered (the audit counts
 * an arrival behind a later one only when not flagged). Where the run itself moves messages, the
 * count is not judged: the finding would blame the broker for the run's own doing.
 */
final class OrderRules {

    private OrderRules() {
    }

    static List<Finding> outOfOrder(PointFacts facts) {
        AuditCounts audit = facts.audit();
        if (audit == null || audit.outOfOrder() == 0 || !promised(facts)) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.OUT_OF_ORDER, String.format(Locale.ROOT, "%,d messages out of order: "
                + "a consumer received them after a later message of the same publisher, none of them flagged "
                + "redelivered, where JMS promises each consumer without a selector a producer's messages in the "
                + "order sent (one priority, no delivery delay, no fault, no consumer leaving)",
                audit.outOfOrder())));
    }

    /** Whether nothing in the point but the broker could have moved a message out of its publisher's order. */
    private static boolean promised(PointFacts facts) {
        Scenario scenario = facts.scenario();
        List<MessageHeaders> headers = new ArrayList<>(List.of(scenario.message().headers()));
        scenario.publishers().groups().stream().map(PublisherGroup::message).filter(Objects::nonNull)
                .forEach(m -> headers.add(m.headers()));
        AuditCounts audit = facts.audit();
        Counters sent = facts.observation().publishersFinal();
        Counters received = facts.observation().subscribersFinal();
        // a consumer that leaves, or whose connection failover restores, hands what it was sent and had
        // not taken to the next consumer unflagged (JMS never delivered it); a send made again after a
        // failure comes after later ones; priorities and delays reorder by design; groups have their rule
        boolean moved = !scenario.faults().isEmpty()
                || scenario.subscribers().stream().anyMatch(g -> g.stop() != null)
                || scenario.destination().type() == DestinationType.QUEUE
                && scenario.subscribers().stream().map(SubscriberGroup::selector).anyMatch(Objects::nonNull)
                || headers.stream().anyMatch(h -> h.priority() != null && !(h.priority() instanceof Distribution.Fixed)
                        || h.deliveryDelay() != null || h.groups() != null)
                || audit.resent() > 0 || errors(sent) > 0 || errors(received) > 0
                || connectionLost(sent) || connectionLost(received);
        return !moved;
    }

    private static long errors(Counters counters) {
        return counters == null ? 0 : counters.errors();
    }

    private static boolean connectionLost(Counters counters) {
        return counters != null && counters.clients().stream().anyMatch(c -> c.connectionLostAt() != null
                && !c.connectionLostAt().isEmpty());
    }
}
