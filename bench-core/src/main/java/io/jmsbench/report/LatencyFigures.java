package io.jmsbench.report;

import org.HdrHistogram.Histogram;

/**
 * End-to-end latency percentiles in microseconds over the measurement window, merged exactly from
 * every subscriber's histogram; {@code basis} says what the latency was measured from.
 */
public record LatencyFigures(long count, double p50, double p90, double p99, double p999, double p9999, double max,
                             double mean, String basis) {

    /** From the intended send time (fixed rate): stalls and queueing count, coordinated omission corrected. */
    public static final String INTENDED = "from the intended send time (fixed rate; coordinated omission corrected)";
    /** From the intended send time on a rate profile: as at a fixed rate, each message's time from the profile. */
    public static final String INTENDED_PROFILE = "from the intended send time (rate profile; coordinated omission "
            + "corrected)";
    /** From the actual send (saturated): no service-time correction, the publishers' own stalls do not show. */
    public static final String ACTUAL = "from the actual send (saturated publishing; not service-time corrected)";

    /** What latency is measured from: the actual send when publishing saturated, the intended send time at a fixed rate. */
    public static String basis(boolean saturated) {
        return saturated ? ACTUAL : INTENDED;
    }

    /** As {@link #basis(boolean)}, {@link #INTENDED_PROFILE} on a rate profile. */
    public static String basis(boolean saturated, boolean profile) {
        return profile ? INTENDED_PROFILE : basis(saturated);
    }

    public static LatencyFigures of(Histogram nanos, String basis) {
        if (nanos.getTotalCount() == 0) {
            return new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, basis);
        }
        return new LatencyFigures(nanos.getTotalCount(), us(nanos.getValueAtPercentile(50)),
                us(nanos.getValueAtPercentile(90)), us(nanos.getValueAtPercentile(99)),
                us(nanos.getValueAtPercentile(99.9)), us(nanos.getValueAtPercentile(99.99)), us(nanos.getMaxValue()),
                nanos.getMean() / 1000.0, basis);
    }

    private static double us(long nanos) {
        return nanos / 1000.0;
    }
}
