package io.jmsbench.rate;

import io.jmsbench.protocol.RateStep;

import java.util.List;

/**
 * When each message of one sending client is due: the one place a publisher's pace is decided.
 * Saturated ({@link #saturated}: no message waits), a fixed rate ({@link FixedRate}: message k at
 * k x interval) or a rate profile ({@link SendSchedule}). The sender waits for {@link #dueNanos}
 * and stamps the message with that intended time, so a stall delays every later message's
 * latency instead of hiding (no coordinated omission).
 *
 * <p>A pacer belongs to one sending thread, which asks for rising k, but for a transaction sent
 * again (k falls back to its first message). A new kind of pacing is a new implementation, made
 * by {@link #of} when a plan asks for it: a pacer whose rate is changed while it runs (a closed
 * loop, {@link DialedRate}) takes the new rate from another thread through a volatile field
 * ({@link RateDial}) and answers later k from the count and time at which it took it.
 */
public interface Pacer {

    /** Nanoseconds after the start at which message {@code k} (from 0) is due. */
    long dueNanos(long k);

    /**
     * Whether messages wait for {@link #dueNanos}; false: each goes as soon as the last send returned,
     * stamped when sent.
     */
    default boolean paced() {
        return true;
    }

    /**
     * The sender's zero, in {@code System.nanoTime}: {@link #dueNanos} counts from it. Only a pacer
     * that takes changes while it runs needs it, to place a change in its schedule.
     */
    default void started(long zeroNanoTime) {
    }

    /** As fast as {@code send()} returns. */
    static Pacer saturated() {
        return Saturated.INSTANCE;
    }

    /**
     * The pacing of a plan: on {@code rateProfile} when there is one, else at {@code ratePerClient}
     * msgs/s, saturated when that is NaN. A new pacer for each sending client.
     */
    static Pacer of(double ratePerClient, List<RateStep> rateProfile) {
        if (rateProfile != null) {
            return SendSchedule.of(rateProfile);
        }
        return Double.isNaN(ratePerClient) ? saturated() : FixedRate.perSecond(ratePerClient);
    }

    /**
     * As {@link #of(double, List)}, but a plan with a fixed rate and a {@code dial} (a closed loop's)
     * follows the dial's rate as it is turned.
     */
    static Pacer of(double ratePerClient, List<RateStep> rateProfile, RateDial dial) {
        if (dial == null || rateProfile != null || Double.isNaN(ratePerClient)) {
            return of(ratePerClient, rateProfile);
        }
        return new DialedRate(dial);
    }

    /** The saturated pacing: nothing is due, nothing waits. */
    enum Saturated implements Pacer {
        INSTANCE;

        @Override
        public long dueNanos(long k) {
            return 0;
        }

        @Override
        public boolean paced() {
            return false;
        }
    }
}
