package io.jmsbench.regression;

import io.jmsbench.report.Measure;

/**
 * One metric of one point, base against new: the relative change ((new - base) / base), what it
 * amounts to and on what grounds, and whether it fails the gate.
 */
public record MetricChange(Metric metric, Measure base, Measure next, double relativeChange, Change change,
                           Grounds grounds, double allowed, Gating gating, boolean failsGate) {

    /** What the change amounts to. */
    public enum Change {
        FASTER, SLOWER, NO_CHANGE,
        /** Neither side's interval nor a threshold to judge by, or a side that did not measure it. */
        UNKNOWN
    }

    /** Why the change was called what it was. */
    public enum Grounds {
        /** The two 95% intervals do not overlap. */
        INTERVALS_APART,
        /** The two 95% intervals overlap: the change is within the noise. */
        WITHIN_NOISE,
        /** A side has no interval: the threshold alone decided, beyond it. */
        THRESHOLD_ONLY,
        /** A side has no interval and the change is within the threshold. */
        WITHIN_THRESHOLD,
        /** A side has no interval and there is no threshold. */
        NO_NOISE_NO_THRESHOLD,
        /** A side did not measure it. */
        NOT_MEASURED,
        /** The two latencies were measured from different starts (intended against actual send). */
        DIFFERENT_BASIS
    }

    /** Whether this metric can fail the gate, and if not, why. */
    public enum Gating {
        GATED,
        /** No threshold was given for it. */
        OFF,
        /** p50: shown, never gated. */
        NEVER,
        /** A latency under saturated publishing: the length of the queue the publishers built, not the broker's speed. */
        SATURATED,
        /**
         * A side was measured while other work took the host's cores ({@link PointSide#disturbances}): a change
         * may be that work's, so it is inconclusive rather than a regression.
         */
        DISTURBED
    }

    /**
     * Worse beyond the threshold, but not gated because a side was disturbed: to be measured again. Whether
     * the intervals overlap is not asked: other work on the host widens a disturbed side's interval, so an
     * overlap there says the run cannot tell, not that nothing changed.
     */
    public boolean inconclusive() {
        return gating == Gating.DISTURBED && worse(metric, relativeChange) && beyondAllowed();
    }

    private static boolean worse(Metric metric, double relativeChange) {
        return metric.biggerIsBetter() ? relativeChange < 0 : relativeChange > 0;
    }

    /** Whether the change is larger than the threshold (false without one). */
    public boolean beyondAllowed() {
        return !Double.isNaN(allowed) && Math.abs(relativeChange) > allowed;
    }

    /**
     * Judges {@code next} against {@code base}. With both intervals, a change is one only when they
     * do not overlap (a conservative test: it errs toward "no change"); without them, only beyond
     * {@code allowed}. The gate fails a worsening that is a change and exceeds {@code allowed}.
     */
    public static MetricChange of(Metric metric, Measure base, Measure next, double allowed, Gating gating) {
        if (!base.measured() || !next.measured() || base.value() == 0) {
            return new MetricChange(metric, base, next, Double.NaN, Change.UNKNOWN, Grounds.NOT_MEASURED, allowed,
                    gating, false);
        }
        double relative = (next.value() - base.value()) / base.value();
        boolean worse = worse(metric, relative);
        boolean beyondThreshold = !Double.isNaN(allowed) && Math.abs(relative) > allowed;
        Change direction = worse ? Change.SLOWER : Change.FASTER;
        Change change;
        Grounds grounds;
        if (base.hasInterval() && next.hasInterval()) {
            boolean apart = next.high() < base.low() || next.low() > base.high();
            change = apart ? direction : Change.NO_CHANGE;
            grounds = apart ? Grounds.INTERVALS_APART : Grounds.WITHIN_NOISE;
        } else if (Double.isNaN(allowed)) {
            change = Change.UNKNOWN;
            grounds = Grounds.NO_NOISE_NO_THRESHOLD;
        } else {
            change = beyondThreshold ? direction : Change.NO_CHANGE;
            grounds = beyondThreshold ? Grounds.THRESHOLD_ONLY : Grounds.WITHIN_THRESHOLD;
        }
        boolean fails = gating == Gating.GATED && change == Change.SLOWER && beyondThreshold;
        return new MetricChange(metric, base, next, relative, change, grounds, allowed, gating, fails);
    }

    /** Latencies measured from different starts: shown side by side, never judged. */
    public static MetricChange differentBasis(Metric metric, Measure base, Measure next, double allowed) {
        return new MetricChange(metric, base, next, Double.NaN, Change.UNKNOWN, Grounds.DIFFERENT_BASIS, allowed,
                Gating.OFF, false);
    }
}
