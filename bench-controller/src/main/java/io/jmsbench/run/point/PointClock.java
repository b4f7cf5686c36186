package io.jmsbench.run.point;

import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunSignal;

import java.time.Instant;

/**
 * The time a point's driver lives by: a monotonic clock for its phases, a wall clock for the
 * report's phase times, and a sleep that ends early when the run is aborted. Tests give a clock
 * whose sleep only moves time on.
 */
public interface PointClock {

    long nanoTime();

    Instant now();

    /** Returns at {@code deadlineNanos} of {@link #nanoTime}, or throws as soon as the run is aborted. */
    void sleepUntil(long deadlineNanos) throws RunAborted;

    /** Throws if the run was aborted. */
    void check() throws RunAborted;

    /** The system's clocks, aborted by {@code signal}. */
    static PointClock system(RunSignal signal) {
        return new PointClock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public Instant now() {
                return Instant.now();
            }

            @Override
            public void sleepUntil(long deadlineNanos) throws RunAborted {
                signal.sleepUntil(deadlineNanos);
            }

            @Override
            public void check() throws RunAborted {
                signal.check();
            }
        };
    }
}
