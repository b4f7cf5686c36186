package io.jmsbench.subscriber;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The messages a subscriber has consumed but not yet acknowledged, and those that were still so
 * when its connection was lost: JMS lets a broker deliver those again, with or without the
 * redelivered flag (it is only "likely" set), so a second copy of one of them is a redelivery, not
 * a duplicate. ActiveMQ Classic, for one, does not flag the messages of a durable subscription it
 * delivers again after a crash. Messages are known by their audit id. The delivery thread only,
 * but for {@link #interrupted}, which the connection's listeners call on their own threads.
 */
final class Unacknowledged {

    /** How many messages that may come again it remembers at most; the oldest go first. */
    static final int REMEMBERED = 100_000;

    private long[] pending;
    private int pendingCount;
    /** Connection losses: counted by the connection's listener threads. */
    private final AtomicInteger interruptions = new AtomicInteger();
    /** The losses the delivery thread has taken into account. */
    private int interruptionsSeen;
    /** The losses when the oldest pending message arrived. */
    private int interruptionsAtFirstPending;
    private final Set<Long> mayComeAgain = new LinkedHashSet<>();

    Unacknowledged(int capacity) {
        pending = new long[Math.max(1, capacity)];
    }

    /** The connection was lost (failover will restore it): what was pending may be delivered again. */
    void interrupted() {
        interruptions.incrementAndGet();
    }

    /**
     * A message consumed, before it is acknowledged; returns whether the broker may deliver it again
     * because it was pending when the connection was lost (and was consumed again now).
     */
    boolean consumed(long id) {
        takeInterruptions();
        boolean again = mayComeAgain.remove(id);
        if (pendingCount == pending.length) {
            pending = Arrays.copyOf(pending, pending.length * 2);
        }
        if (pendingCount == 0) {
            interruptionsAtFirstPending = interruptionsSeen;
        }
        pending[pendingCount++] = id;
        return again;
    }

    /**
     * The acknowledgement (or commit) of every pending message succeeded. If the connection was lost
     * meanwhile, it may not have covered those consumed before the loss: they stay expected.
     */
    void acknowledged() {
        takeInterruptions();
        if (interruptionsAtFirstPending != interruptionsSeen) {
            remember();
        }
        pendingCount = 0;
    }

    /**
     * The acknowledgement (or commit) of the pending messages failed, as a commit does when failover
     * rolled its transaction back: the broker delivers every one of them again, also those consumed
     * from the client's buffer after the connection was lost, possibly without the redelivered flag.
     */
    void failed() {
        takeInterruptions();
        remember();
        pendingCount = 0;
    }

    private void takeInterruptions() {
        int now = interruptions.get();
        if (now != interruptionsSeen) {
            interruptionsSeen = now;
            remember();
        }
    }

    private void remember() {
        for (int i = 0; i < pendingCount; i++) {
            mayComeAgain.add(pending[i]);
        }
        var oldest = mayComeAgain.iterator();
        while (mayComeAgain.size() > REMEMBERED) {
            oldest.next();
            oldest.remove();
        }
    }
}
