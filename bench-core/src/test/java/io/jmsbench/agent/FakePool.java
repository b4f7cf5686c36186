package io.jmsbench.agent;

import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A pool without clients for the agent's tests: it records what it was asked to do, and its
 * {@link #close} can be held ({@link #holdClose}) to keep the agent busy closing.
 */
final class FakePool implements ClientPool {

    final List<String> calls = new CopyOnWriteArrayList<>();
    /** Counted down when a held close has begun. */
    final CountDownLatch closing = new CountDownLatch(1);
    private volatile CountDownLatch closeGate;
    /** What its clients sent beyond the fixed 42 of {@link #messages}: a test may advance it as clients would. */
    final java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
    /** Thrown by {@link #start} when set. */
    volatile RuntimeException startFailure;

    /** From now on, {@link #close} waits until the returned latch is counted down. */
    CountDownLatch holdClose() {
        CountDownLatch gate = new CountDownLatch(1);
        closeGate = gate;
        return gate;
    }

    @Override
    public PrepareResult prepare(PoolPlan plan, Duration timeout) {
        calls.add("prepare");
        return new PrepareResult(plan.clients().size(), List.of(), Map.of());
    }

    @Override
    public void start() {
        calls.add("start");
        if (startFailure != null) {
            throw startFailure;
        }
    }

    @Override
    public Counters counters() {
        calls.add("counters");
        return new Counters(1, 2, 3, 4, 5, List.of(), HostSample.UNKNOWN);
    }

    @Override
    public long messages() {
        calls.add("messages");
        return 42 + sent.get();
    }

    @Override
    public List<ClientAudit> audit() {
        calls.add("audit");
        return List.of();
    }

    @Override
    public LatencyInterval latency() {
        calls.add("latency");
        return null;
    }

    @Override
    public Counters stop(Duration timeout) {
        calls.add("stop");
        return counters();
    }

    @Override
    public void close(Duration timeout) {
        calls.add("close");
        CountDownLatch gate = closeGate;
        if (gate != null) {
            closing.countDown();
            try {
                if (!gate.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the test never let the close finish");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
