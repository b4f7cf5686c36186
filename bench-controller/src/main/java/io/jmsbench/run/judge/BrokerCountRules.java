package io.jmsbench.run.judge;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.broker.management.Destinations;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an external broker's counts leave open: counters that had not settled when read (RabbitMQ's
 * message_stats behind a backlog), and messages a destination of the point held before it began.
 */
final class BrokerCountRules {

    private BrokerCountRules() {
    }

    /** Counts read in part: which stand, which did not settle, as the counts' source says. */
    static List<Finding> partial(PointFacts facts) {
        BrokerCounts counts = facts.brokerCounts();
        if (counts == null || counts.inKnown() && counts.outKnown()) {
            return List.of();
        }
        String known = counts.inKnown() ? String.format(Locale.ROOT, "in %,d, ", counts.enqueued()) : "";
        return List.of(Finding.of(FindingCode.BROKER_COUNTS_NOT_READ, String.format(Locale.ROOT, "the broker's own "
                + "counts were read in part: %sin flight %,d and held %,d at the point's end, but %s not known (%s)",
                known, counts.inFlight(), counts.remaining(), counts.inKnown() ? "acknowledged and dispatched"
                : counts.outKnown() ? "messages in" : "in, acknowledged and dispatched", counts.source())));
    }

    /**
     * The point's destinations that held messages before it began ({@code broker.purge} empties them
     * first, so a purged point finds none): their subscribers take them with the point's own. Other
     * destinations' messages are in the counts' {@code heldBefore} only: the point's clients never see them.
     */
    static List<Finding> heldBefore(PointFacts facts) {
        BrokerCounts counts = facts.brokerCounts();
        Map<String, Long> held = counts == null ? null : counts.heldBefore();
        if (held == null || held.isEmpty()) {
            return List.of();
        }
        List<String> ours = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, Long> d : Destinations.ours(held, facts.scenario().destination()).entrySet()) {
            ours.add(String.format(Locale.ROOT, "%s %,d", d.getKey(), d.getValue()));
            total += d.getValue();
        }
        return ours.isEmpty() ? List.of() : List.of(Finding.of(FindingCode.DESTINATION_NOT_EMPTY, String.format(
                Locale.ROOT, "unverified: the point's destinations held %,d messages before it began (%s), which its "
                + "subscribers take with its own; set broker.purge: true to empty them first", total,
                String.join(", ", ours))));
    }
}
