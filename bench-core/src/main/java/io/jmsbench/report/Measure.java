package io.jmsbench.report;

/**
 * One side's figure for a metric: its value and the half-width of its 95% interval, with where the
 * interval came from. {@code halfWidth} is NaN when there is none (a single run's latency, a
 * window too short for batch means); {@code value} NaN when the side did not measure it.
 */
public record Measure(double value, double halfWidth, Basis basis) {

    /** Where the interval came from. */
    public enum Basis {
        /** Student t over the repeats of the point. */
        REPEATS,
        /** Batch means over the seconds of one run's window. */
        WINDOW,
        /** The sum of the received and dispatched intervals: a bound, since the two move together. */
        WINDOW_SUM,
        /** A fitted parameter's interval: Student t on the fit's residual degrees of freedom. */
        FIT,
        /** No interval. */
        NONE
    }

    public static final Measure NOT_MEASURED = new Measure(Double.NaN, Double.NaN, Basis.NONE);

    public boolean measured() {
        return !Double.isNaN(value);
    }

    public boolean hasInterval() {
        return !Double.isNaN(halfWidth);
    }

    public double low() {
        return value - halfWidth;
    }

    public double high() {
        return value + halfWidth;
    }
}
