package io.jmsbench.publisher;

import io.jmsbench.agent.ClientPool;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.ReplyInterval;

import java.time.Duration;

/**
 * The publisher agent's pool, as each plan asks: a thread, connection and session per client
 * ({@link PublisherPool}), or clients sharing {@link PoolPlan#connections} connections and a few
 * scheduler threads ({@link ScheduledPublisherPool}). Preparing with the other kind closes the
 * clients of the one prepared before.
 */
public final class PublisherAgentPool implements ClientPool {

    private final PublisherPool threaded = new PublisherPool();
    private final ScheduledPublisherPool scheduled = new ScheduledPublisherPool();
    private volatile ClientPool current = threaded;

    @Override
    public synchronized PrepareResult prepare(PoolPlan plan, Duration timeout) {
        ClientPool next = plan.connections() == null ? threaded : scheduled;
        if (next != current) {
            current.close(timeout);
            current = next;
        }
        return next.prepare(plan, timeout);
    }

    @Override
    public void start() {
        current.start();
    }

    @Override
    public boolean rate(double ratePerClient) {
        return current.rate(ratePerClient);
    }

    @Override
    public Counters counters() {
        return current.counters();
    }

    @Override
    public long messages() {
        return current.messages();
    }

    @Override
    public LatencyInterval latency() {
        return current.latency();
    }

    @Override
    public ReplyInterval replies() {
        return current.replies();
    }

    @Override
    public Counters stop(Duration timeout) {
        return current.stop(timeout);
    }

    @Override
    public void close(Duration timeout) {
        current.close(timeout);
    }
}
