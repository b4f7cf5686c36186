package io.jmsbench.subscriber;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The time a slow subscriber spends on each message, taken in turn from its plan's table. It parks
 * for all but the last {@link #SPIN_NANOS} and spins the rest: a park alone oversleeps by more than
 * this does, and spinning alone would take a core per subscriber (docs/performance.md, "A slow
 * subscriber's processing time").
 */
final class ListenerWork {

    /** What is left to spin after the park; more than a park's usual overshoot. */
    static final long SPIN_NANOS = 200_000;

    private final long[] table;
    private int next;

    ListenerWork(List<Long> processingNanos) {
        table = processingNanos.stream().mapToLong(Long::longValue).toArray();
    }

    boolean none() {
        return table.length == 0;
    }

    /** Spends the next time of the table on the calling thread; one thread calls it (the session's). */
    void spend() {
        long nanos = table[next];
        next = next + 1 == table.length ? 0 : next + 1;
        spend(nanos);
    }

    static void spend(long nanos) {
        long deadline = System.nanoTime() + nanos;
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(left - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
