package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientCount;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts of one client. Written by one thread only (the client's send loop or its session's
 * delivery thread), read by the agent's sampler: the writer keeps its own running total and
 * publishes it with an ordered store, so counting costs no lock and no contended write.
 */
public final class ClientCounter {

    private final String client;
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private volatile String lastError;
    private long written;

    public ClientCounter(String client) {
        this.client = client;
    }

    /** One more message; only ever called from the client's own thread. */
    public void message() {
        messages.lazySet(++written);
    }

    /** {@code n} more messages at once (a committed transaction); only from the client's own thread. */
    public void messages(int n) {
        written += n;
        messages.lazySet(written);
    }

    /** An error; may come from any thread (exception listeners run on the provider's threads). */
    public void error(Throwable cause) {
        lastError = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        errors.incrementAndGet();
    }

    public ClientCount snapshot() {
        return new ClientCount(client, messages.get(), errors.get(), lastError);
    }
}
