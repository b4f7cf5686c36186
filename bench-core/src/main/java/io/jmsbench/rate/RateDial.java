package io.jmsbench.rate;

/**
 * The rate a closed loop sets while the publishers run: one per publisher pool, turned by the
 * control channel's thread and read by every sending thread's {@link DialedRate} before each
 * message (one volatile read). A setting is immutable, so a sender sees a rate and the time it was
 * set together; it tells a new setting from the one it follows by identity.
 */
public final class RateDial {

    /** Each client's interval between messages, set at {@code setAtNanos} ({@code System.nanoTime}). */
    public record Setting(long intervalNanos, long setAtNanos) {
    }

    private volatile Setting setting;

    /** A dial at {@code perSecond} msgs/s per client, as if set at the start. */
    public RateDial(double perSecond) {
        this.setting = new Setting(FixedRate.perSecond(perSecond).intervalNanos(), Long.MIN_VALUE);
    }

    /** Every client of the pool sends at {@code perSecond} msgs/s from now. */
    public void set(double perSecond, long nowNanos) {
        if (!(perSecond > 0)) {
            throw new IllegalArgumentException("a closed loop's rate must be above 0 msgs/s, was " + perSecond);
        }
        setting = new Setting(FixedRate.perSecond(perSecond).intervalNanos(), nowNanos);
    }

    public Setting setting() {
        return setting;
    }

    /** The rate each client follows, in msgs/s. */
    public double perSecond() {
        return 1e9 / setting.intervalNanos();
    }
}
