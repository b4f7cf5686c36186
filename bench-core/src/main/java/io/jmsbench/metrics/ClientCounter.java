package io.jmsbench.metrics;

import io.jmsbench.jms.BrokerWords;
import io.jmsbench.protocol.ClientCount;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts of one client. Written by one thread only (the client's send loop or its session's
 * delivery thread), read by the agent's sampler: the writer publishes its running total with a
 * release store, so counting costs no lock and no contended write. The total sits alone in its
 * cache line: the clients of an agent are allocated one after another, and their counters
 * would otherwise share lines that two cores write in turn on every message.
 */
public final class ClientCounter {

    /** 16 longs: the slot in the middle has 64 bytes of this array on either side of it. */
    private static final int CELLS = 16;
    private static final int MESSAGES = 8;

    private final String client;
    private final AtomicLongArray cells = new AtomicLongArray(CELLS);
    private final AtomicLong errors = new AtomicLong();
    private volatile String lastError;
    /** Guarded by themselves: written by the provider's listener threads, read by the sampler. */
    private final List<Long> lostAt = new ArrayList<>();
    private final List<Long> reconnectedAt = new ArrayList<>();

    public ClientCounter(String client) {
        this.client = client;
    }

    /** One more message; only ever called from the client's own thread. */
    public void message() {
        cells.setRelease(MESSAGES, cells.getPlain(MESSAGES) + 1);
    }

    /** {@code n} more messages at once (a committed transaction); only from the client's own thread. */
    public void messages(int n) {
        cells.setRelease(MESSAGES, cells.getPlain(MESSAGES) + n);
    }

    /**
     * An error, with the broker's own words when they are among its causes; may come from any thread
     * (exception listeners run on the provider's threads).
     */
    public void error(Throwable cause) {
        lastError = BrokerWords.describe(cause);
        errors.incrementAndGet();
    }

    /** The connection was lost at {@code epochMillis} (the controller's clock); from any thread. */
    public void connectionLost(long epochMillis) {
        add(lostAt, epochMillis);
    }

    /** The failover transport restored the connection at {@code epochMillis}; from any thread. */
    public void reconnected(long epochMillis) {
        add(reconnectedAt, epochMillis);
    }

    private static void add(List<Long> moments, long epochMillis) {
        synchronized (moments) {
            if (moments.size() < ClientCount.MOMENTS) {
                moments.add(epochMillis);
            }
        }
    }

    private static List<Long> copy(List<Long> moments) {
        synchronized (moments) {
            return List.copyOf(moments);
        }
    }

    public ClientCount snapshot() {
        return new ClientCount(client, cells.getAcquire(MESSAGES), errors.get(), lastError, copy(lostAt),
                copy(reconnectedAt));
    }
}
