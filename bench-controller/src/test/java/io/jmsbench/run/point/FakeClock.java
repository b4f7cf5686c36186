package io.jmsbench.run.point;

import io.jmsbench.run.stop.RunAborted;

import java.time.Instant;

/** A clock whose sleeps only move time on; it aborts the run once time reaches {@link #abortAt}. */
final class FakeClock implements PointClock {

    long now = 1_000_000_000L;
    long abortAt = Long.MAX_VALUE;
    String abortReason = "aborted by the test";

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public Instant now() {
        return Instant.ofEpochSecond(0, now);
    }

    @Override
    public void sleepUntil(long deadlineNanos) throws RunAborted {
        check();
        now = Math.max(now, Math.min(deadlineNanos, abortAt));
        check();
    }

    @Override
    public void check() throws RunAborted {
        if (now >= abortAt) {
            throw new RunAborted(abortReason);
        }
    }

    /** Time passing inside a call (a slow agent). */
    void advance(long nanos) {
        now += nanos;
    }
}
