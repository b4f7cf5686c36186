package io.jmsbench.agent;

import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.ReplyInterval;

import java.time.Duration;
import java.util.List;

/**
 * The clients of one agent, driven through the phases by the controller. Implementations keep
 * each client's connection, session and producer or consumer on the client's own thread.
 */
public interface ClientPool {

    /** Connects every client of the plan (subscribers also start consuming); returns within {@code timeout}. */
    PrepareResult prepare(PoolPlan plan, Duration timeout);

    /** Starts the load (publishers); for subscribers, which consume from {@link #prepare}, the late and leaving ones' times start. */
    void start();

    /**
     * From now, every publisher client sends {@code ratePerClient} msgs/s; false when none follows a
     * closed loop (the plan had no {@code closedLoop}), which changes nothing.
     */
    default boolean rate(double ratePerClient) {
        return false;
    }

    /** Cumulative counts of every client, now. */
    Counters counters();

    /** The messages of every client so far: {@link #counters()}'s total without the rest. */
    long messages();

    /** What each client's audit saw so far (subscribers; empty for publishers). */
    default List<ClientAudit> audit() {
        return List.of();
    }

    /** The end-to-end latencies recorded since the previous call (subscribers; {@code null} for publishers). */
    default LatencyInterval latency() {
        return null;
    }

    /** The requesters' replies: their count so far and the round trips since the previous call ({@code null}: no requesters). */
    default ReplyInterval replies() {
        return null;
    }

    /** Stops the load and waits up to {@code timeout} for the clients to stop; returns the final counts. */
    Counters stop(Duration timeout);

    /** Closes every connection, waiting at most {@code timeout}; the pool can be prepared again. */
    void close(Duration timeout);
}
