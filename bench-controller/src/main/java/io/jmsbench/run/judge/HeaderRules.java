package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.GroupStickiness;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.MessageHeaders;
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

    private HeaderRules() {
    }

    /** Expired messages are what a time to live asks for: a note; missing ones not told apart, unverified. */
    static List<Finding> expired(PointFacts facts) {
        ExpiryFigures expiry = facts.expiry();
        AuditCounts audit = facts.observation().audit();
        if (expiry == null) {
            return List.of();
        }
        if (!expiry.known()) {
            return expiry.missing() == 0 ? List.of() : List.of(Finding.of(FindingCode.EXPIRY_NOT_COUNTED,
                    String.format(Locale.ROOT, "%,d messages never arrived, which their time to live (%s) may have "
                    + "discarded or the broker lost: %s, so expired cannot be told from lost", expiry.missing(),
                    expiry.timeToLive(), expiry.source())));
        }
        String partial = audit != null && audit.auditedSubscribers() < audit.subscribers()
                ? "; the broker's count covers every subscriber, the audit only " + audit.auditedSubscribers() + " of "
                + audit.subscribers() + ", so a loss at the others could hide behind an expiry" : "";
        return List.of(Finding.of(FindingCode.MESSAGES_EXPIRED, String.format(Locale.ROOT, "%,d messages expired "
                + "(timeToLive %s, counted by the broker: %s), %,d of the %,d missing from the audit lost beside them%s",
                expiry.expired(), expiry.timeToLive(), expiry.source(), expiry.lost(), expiry.missing(), partial)));
    }

    /**
     * A group received by more than one consumer, on a broker that keeps a group on one consumer
     * while it stays (ActiveMQ Classic, Artemis) and no fault or leaving consumer moved it; elsewhere
     * the spread is reported, not judged.
     */
    static List<Finding> groups(PointFacts facts) {
        Scenario scenario = facts.scenario();
        MessageHeaders headers = scenario.message().headers();
        AuditCounts audit = facts.observation().audit();
        GroupStickiness g = audit == null ? null : audit.groups();
        if (headers.groups() == null || g == null) {
            return List.of();
        }
        BrokerKind kind = scenario.broker().kindFor(scenario.provider());
        boolean promised = (kind == BrokerKind.ACTIVEMQ || kind == BrokerKind.ARTEMIS) && scenario.faults().isEmpty()
                && scenario.subscribers().stream().map(SubscriberGroup::stop).allMatch(Objects::isNull);
        String figures = String.format(Locale.ROOT, "message groups: %d of %d received, over %d consumers, %d split "
                + "between consumers", g.received(), headers.groups(), g.consumers(),
                g.split());
        if (g.split() > 0 && promised) {
            return List.of(Finding.of(FindingCode.GROUPS_SPLIT, figures + " (the broker keeps a group on one consumer "
                    + "while it stays): " + g.first().stream().filter(e -> e.consumers().size() > 1)
                    .limit(3).map(e -> "group " + e.group() + " to " + e.consumers())
                    .collect(Collectors.joining("; "))));
        }
        return List.of(Finding.of(FindingCode.MESSAGE_GROUPS, figures + (promised ? ""
                : " (not judged: " + (kind == null ? "a broker of no named kind"
                : !scenario.faults().isEmpty() ? "faults may move a group" : "a consumer leaves, and its groups "
                + "move") + ")")));
    }

    /** With a delivery delay the latency runs from the intended send, so it holds the delay. */
    static List<Finding> deliveryDelay(PointFacts facts) {
        MessageHeaders headers = facts.scenario().message().headers();
        if (headers.deliveryDelay() == null) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.DELIVERY_DELAYED, "messages delayed by "
                + Durations.format(headers.deliveryDelay()) + " (deliveryDelay): the latency is measured from the "
                + "intended send and includes the delay"));
    }
}
