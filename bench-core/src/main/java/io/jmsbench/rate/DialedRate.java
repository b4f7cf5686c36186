package io.jmsbench.rate;

/**
 * A fixed rate that a closed loop changes while the client sends ({@code rate: sustainable}): message
 * k is due at the base plus (k - base k) intervals, where the base is where the client was when it
 * first saw the {@link RateDial}'s latest setting: its count then, due one new interval after the
 * previous message or when the rate was set, whichever is later. So a rate change never makes a client that fell
 * behind its old schedule burst to catch up with it (the time base), nor one ahead of it send early
 * (the due time base); each message is still stamped with its due time, so latency counts the wait.
 * Until the dial is turned it is exactly {@link FixedRate}.
 *
 * <p>One per sending thread, as every pacer; {@link #started} tells it the sender's zero, which the
 * setting's time is measured against.
 */
public final class DialedRate implements Pacer {

    private final RateDial dial;
    private RateDial.Setting seen;
    private long zeroNanos;
    private long baseK;
    private long baseNanos;
    private long lastDue;

    public DialedRate(RateDial dial) {
        this.dial = dial;
        this.seen = dial.setting();
    }

    @Override
    public void started(long zeroNanoTime) {
        zeroNanos = zeroNanoTime;
    }

    @Override
    public long dueNanos(long k) {
        RateDial.Setting now = dial.setting();
        if (now != seen) {
            long setAt = now.setAtNanos() - zeroNanos;
            baseNanos = Math.max(lastDue + now.intervalNanos(), setAt);
            baseK = k;
            seen = now;
        }
        long due = Math.max(0, baseNanos + (k - baseK) * seen.intervalNanos());
        lastDue = due;
        return due;
    }
}
