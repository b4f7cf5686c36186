package io.jmsbench.run.judge;

import io.jmsbench.report.BacklogFigures;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Late, leaving or slow subscribers: the point is judged on what it delivered (the audit and the
 * drain), its backlog's figures said, and a backlog still there at the point's end named.
 */
final class ScheduleRules {

    private ScheduleRules() {
    }

    static List<Finding> consumerSchedule(PointFacts facts) {
        if (!facts.plan().scheduled()) {
            return List.of();
        }
        PointObservation o = facts.observation();
        BacklogFigures b = facts.backlog();
        List<Finding> findings = new ArrayList<>();
        String figures = b == null ? "no backlog was followed (the point ended before its first second)"
                : String.format(Locale.ROOT, "backlog peaked at %,d messages at %.0f s", b.peak(), b.peakAt())
                + (b.none() ? String.format(Locale.ROOT, ", never above the %,d counted as in flight", b.tolerance())
                : b.drained() ? String.format(Locale.ROOT, ", drained %.0f s after the consumers joined",
                b.drainSeconds()) : "");
        findings.add(Finding.of(FindingCode.CONSUMERS_SCHEDULED, "late, leaving or slow subscribers: the backlog is "
                + "deliberate, so this point shows how it builds and drains, not the broker's capacity; " + figures));
        // with a time to live, what the broker discarded is no backlog
        ExpiryFigures expiry = facts.expiry();
        long last = lastBacklog(o);
        long unexplained = expiry == null ? last : last - Math.min(last, expiry.explained());
        if (b != null && !b.drained() && o.windowComplete() && unexplained > b.tolerance()) {
            findings.add(Finding.of(FindingCode.BACKLOG_NOT_DRAINED, String.format(Locale.ROOT, "backlog not "
                    + "drained: %,d messages still unreceived at the last sample (%.0f s), more than the %,d allowed as"
                    + " in flight", last, lastSampleAt(o), b.tolerance())));
        }
        return findings;
    }

    /** The backlog's figures for a point with late, leaving or slow subscribers; {@code null} otherwise. */
    static BacklogFigures backlog(PointPlan plan, PointObservation o) {
        if (!plan.scheduled()) {
            return null;
        }
        double joinedAt = plan.scenario().subscribers().stream().map(SubscriberGroup::start).filter(Objects::nonNull)
                .mapToDouble(d -> d.toNanos() / 1e9).max().orElse(0);
        Drain drain = o.drainFigures();
        double stoppedAt = o.samples().stream().filter(s -> !"drain".equals(s.phase())).mapToDouble(IntervalSample::t)
                .max().orElse(Double.NaN);
        double drainEndsAt = drain != null && drain.outcome() == DrainEnd.COMPLETE ? stoppedAt + drain.seconds()
                : Double.NaN;
        return BacklogFigures.of(o.samples(), joinedAt, drainEndsAt);
    }

    private static long lastBacklog(PointObservation o) {
        return o.samples().stream().filter(s -> s.backlog() != null).reduce((a, b) -> b).map(IntervalSample::backlog)
                .orElse(0L);
    }

    private static double lastSampleAt(PointObservation o) {
        return o.samples().isEmpty() ? Double.NaN : o.samples().get(o.samples().size() - 1).t();
    }
}
