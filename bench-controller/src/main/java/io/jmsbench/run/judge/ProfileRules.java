package io.jmsbench.run.judge;

import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.rate.SendSchedule;
import io.jmsbench.run.point.Phase;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.point.Warmup;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;
import java.util.Locale;

/**
 * A rate profile's point against its target: over the window from the readings at its edges, and
 * second by second from the samples, which carry the profile's mean target over each interval
 * ({@link IntervalSample#targetSendRate()}), so what the report charts is what is judged.
 */
final class ProfileRules {

    /**
     * A second falls short when it sent less than this share of its target below it: a sample's
     * interval and the agents' readings of it differ by milliseconds, a few percent of a second.
     */
    static final double SHORTFALL = 0.10;

    private ProfileRules() {
    }

    /**
     * The profile's mean target over the window, in msgs/s: from the tick its first reading was
     * taken for, over {@code sentSeconds}, the seconds the window's sent rate is over (the
     * publishers' own clock); NaN without a profile or a window.
     */
    static double windowTarget(PointPlan plan, PointObservation o, double sentSeconds) {
        SendSchedule schedule = plan.target();
        if (schedule == null || o.warmup() == null || !o.windowComplete() || !(sentSeconds > 0)) {
            return Double.NaN;
        }
        Warmup w = o.warmup();
        double from = w.seconds() - (w.last().nanos() - w.endTick()) / 1e9;
        return schedule.meanRate(from, from + sentSeconds);
    }

    /** The seconds of warm-up and window that sent short of the profile, and the worst of them. */
    static List<Finding> shortfall(PointFacts facts) {
        List<IntervalSample> samples = facts.observation().samples();
        int seconds = 0;
        int behind = 0;
        IntervalSample worst = null;
        for (IntervalSample s : samples) {
            boolean sending = Phase.WARMUP.sampleName().equals(s.phase()) || Phase.MEASURE.sampleName().equals(s.phase());
            if (!sending || s.targetSendRate() == null || !(s.targetSendRate() > 0)) {
                continue;
            }
            seconds++;
            if (s.sendRate() < (1 - SHORTFALL) * s.targetSendRate()) {
                behind++;
                if (worst == null || shortBy(s) > shortBy(worst)) {
                    worst = s;
                }
            }
        }
        if (worst == null) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.PROFILE_FELL_SHORT, String.format(Locale.ROOT, "the publishers fell "
                + "short of the profile in %d of %d seconds, by up to %.0f%% at %.0f s (target %s, sent %s msgs/s)",
                behind, seconds, 100 * shortBy(worst), worst.t(), Figures.rate(worst.targetSendRate()),
                Figures.rate(worst.sendRate()))));
    }

    private static double shortBy(IntervalSample s) {
        return 1 - s.sendRate() / s.targetSendRate();
    }
}
