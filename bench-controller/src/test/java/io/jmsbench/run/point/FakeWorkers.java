package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.Placement;
import io.jmsbench.run.workers.Workers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Workers simulated on a {@link FakeClock}: the publishers' cumulative sends and the subscribers'
 * cumulative receipts are functions of the time since {@link #start}; the publishers' count
 * freezes when they are stopped. Faults are switched on by fields.
 */
final class FakeWorkers implements Workers {

    private final FakeClock clock;
    /** Cumulative messages sent, by nanoseconds since start. */
    LongUnaryOperator sentAt = t -> t / 1_000_000; // 1,000 msgs/s
    /** Cumulative receipts, by nanoseconds since start and the publishers' count then. */
    java.util.function.LongBinaryOperator receivedAt = (t, sent) -> sent;
    /** Publisher counter pulls that answer before every later one fails (an agent gone stale). */
    int publisherPullsBeforeStale = Integer.MAX_VALUE;
    long sendErrors;
    final List<String> calls = new ArrayList<>();
    private long startedAt = -1;
    /** How long each pull of the publishers' counters takes (an agent over HTTP: tens of ms). */
    long pullNanos;
    private long stoppedAt = -1;
    private int publisherPulls;

    FakeWorkers(FakeClock clock) {
        this.clock = clock;
    }

    private long elapsed() {
        return startedAt < 0 ? 0 : (stoppedAt >= 0 ? stoppedAt : clock.now) - startedAt;
    }

    private long sentNow() {
        return startedAt < 0 ? 0 : sentAt.applyAsLong(elapsed());
    }

    private long received() {
        return startedAt < 0 ? 0 : receivedAt.applyAsLong(clock.now - startedAt, sentNow());
    }

    private Counters counters(String client, long messages, long errors) {
        return new Counters(clock.now, 0, clock.now / 4, 1 << 20, 10,
                List.of(new ClientCount(client, messages, errors, errors > 0 ? "refused" : null)), HostSample.UNKNOWN);
    }

    @Override
    public Prepared prepare(List<ClientPlan> publishers, List<ClientPlan> subscribers, PlanFactory plans) {
        calls.add("prepare " + publishers.size() + " publishers, " + subscribers.size() + " subscribers");
        return new Prepared(Map.of("sendMode", "fake"), List.of());
    }

    @Override
    public void start() {
        calls.add("start");
        startedAt = clock.now;
    }

    @Override
    public Counters publisherCounters() throws RunFailure {
        clock.advance(pullNanos);
        if (++publisherPulls > publisherPullsBeforeStale) {
            throw new RunFailure("publisher-agent is stale: it missed 3 heartbeats in a row");
        }
        return counters("pub-0", sentNow(), sendErrors);
    }

    @Override
    public Counters subscriberCounters() {
        return counters("sub-0-0", received(), 0);
    }

    @Override
    public long sent() {
        return sentNow();
    }

    @Override
    public LatencyInterval latency() {
        return null;
    }

    @Override
    public Map<String, HostSample> hosts() {
        return Map.of();
    }

    @Override
    public Counters stopPublishers(List<String> problems) {
        calls.add("stop");
        if (stoppedAt < 0 && startedAt >= 0) {
            stoppedAt = clock.now;
        }
        return counters("pub-0", sentNow(), sendErrors);
    }

    @Override
    public List<ClientAudit> audit() {
        return List.of();
    }

    @Override
    public Placement placement() {
        return Placement.sharedHost(List.of(), null);
    }

    @Override
    public String describe() {
        return "";
    }

    @Override
    public void close(List<String> problems) {
        calls.add("close");
    }
}
