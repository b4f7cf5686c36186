package io.jmsbench.rate;

/** A fixed rate: message k is due at k x {@code intervalNanos}. */
public record FixedRate(long intervalNanos) implements Pacer {

    public FixedRate {
        if (intervalNanos <= 0) {
            throw new IllegalArgumentException("a fixed rate's interval must be positive, was " + intervalNanos
                    + " ns");
        }
    }

    /** {@code perSecond} msgs/s, the interval rounded to the nanosecond (at least 1). */
    public static FixedRate perSecond(double perSecond) {
        return new FixedRate(Math.max(1, Math.round(1e9 / perSecond)));
    }

    @Override
    public long dueNanos(long k) {
        return k * intervalNanos;
    }
}
