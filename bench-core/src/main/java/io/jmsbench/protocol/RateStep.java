package io.jmsbench.protocol;

/**
 * One step of a publisher's send rate over time, in msgs/s for one client: {@code HOLD} sends at
 * {@code rate}; {@code RAMP} goes linearly from {@code fromRate} to {@code rate}; {@code BURST}
 * sends at {@code rate} for the first {@code burstNanos} of every {@code everyNanos} and at
 * {@code fromRate} between. {@code lengthNanos} is how long the step lasts, 0 for the last one
 * that holds to the end.
 */
public record RateStep(Shape shape, double rate, double fromRate, long lengthNanos, long burstNanos,
                       long everyNanos) {

    public enum Shape { HOLD, RAMP, BURST }

    public static RateStep hold(double rate, long lengthNanos) {
        return new RateStep(Shape.HOLD, rate, rate, lengthNanos, 0, 0);
    }

    public static RateStep ramp(double fromRate, double toRate, long lengthNanos) {
        return new RateStep(Shape.RAMP, toRate, fromRate, lengthNanos, 0, 0);
    }

    public static RateStep burst(double baseRate, double burstRate, long burstNanos, long everyNanos,
                                 long lengthNanos) {
        return new RateStep(Shape.BURST, burstRate, baseRate, lengthNanos, burstNanos, everyNanos);
    }

    /** The rate the step ends at, held after the last step: a burst's is its base rate. */
    public double endRate() {
        return switch (shape) {
            case HOLD, RAMP -> rate;
            case BURST -> fromRate;
        };
    }
}
