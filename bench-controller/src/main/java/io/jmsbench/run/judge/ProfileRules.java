package io.jmsbench.run.judge;

import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.Phase;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A rate profile's point against its target, second by second: the samples carry the profile's
 * mean target over each interval ({@link IntervalSample#targetSendRate()}), so what the report
 * charts is what is judged.
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
     * The profile's mean target over the window's seconds, in msgs/s, each sample weighted by its
     * interval (the first by at most a second: the publishers started at most a second before it);
     * NaN when the samples carry none.
     */
    static double windowTarget(List<IntervalSample> samples) {
        double intended = 0;
        double seconds = 0;
        double previous = Double.NaN;
        for (IntervalSample s : samples) {
            double length = Double.isNaN(previous) ? Math.min(1, s.t()) : s.t() - previous;
            previous = s.t();
            if (Phase.MEASURE.sampleName().equals(s.phase()) && s.targetSendRate() != null && length > 0) {
                intended += s.targetSendRate() * length;
                seconds += length;
            }
        }
        return seconds > 0 ? intended / seconds : Double.NaN;
    }

    /** The seconds of warm-up and window that sent short of the profile, and the worst of them. */
    static Optional<Finding> shortfall(List<IntervalSample> samples) {
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
            return Optional.empty();
        }
        return Optional.of(Finding.of(FindingCode.PROFILE_FELL_SHORT, String.format(Locale.ROOT, "the publishers fell "
                + "short of the profile in %d of %d seconds, by up to %.0f%% at %.0f s (target %s, sent %s msgs/s)",
                behind, seconds, 100 * shortBy(worst), worst.t(), Figures.rate(worst.targetSendRate()),
                Figures.rate(worst.sendRate()))));
    }

    private static double shortBy(IntervalSample s) {
        return 1 - s.sendRate() / s.targetSendRate();
    }
}
