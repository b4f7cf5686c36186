package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentException;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.run.stop.RunFailure;

import java.util.List;
import java.util.Map;

/**
 * The publisher and subscriber clients of one point, wherever they run: the one thing a point's
 * driver talks to. {@link HttpWorkers} drives agent JVMs over the control channel;
 * {@link InProcessWorkers} drives the same client pools in this JVM. Counters are cumulative and
 * merged over every agent of a role.
 */
public interface Workers {

    /** Key of the broker host's resources in {@link #hosts()}, when a monitor agent watches it. */
    String BROKER_HOST = "broker-host";

    /** Builds an agent's plan from its share of the clients and its clock offset (nanoseconds, 0 when not applied). */
    @FunctionalInterface
    interface PlanFactory {
        PoolPlan plan(List<ClientPlan> clients, long clockOffsetNanos);
    }

    /** What preparing found: the provider settings the clients really use and every agent's facts. */
    record Prepared(Map<String, String> providerSettings, List<AgentFacts> agents) {
    }

    /** Connects the subscribers, then the publishers, so that no subscriber misses the first message. */
    Prepared prepare(List<ClientPlan> publishers, List<ClientPlan> subscribers, PlanFactory plans)
            throws RunFailure, AgentException;

    /** Starts the publishers' load, and the subscribers' schedule (late and leaving ones) from the same moment. */
    void start() throws AgentException;

    /**
     * A closed loop's new rate: every publisher client sends {@code ratePerClient} msgs/s from now
     * (one call to each publisher agent, with a timeout). Throws when an agent refused or did not answer.
     */
    default void rate(double ratePerClient) throws RunFailure {
        throw new RunFailure("the closed loop's rate could not be set: these workers take no rate change");
    }

    Counters publisherCounters() throws RunFailure;

    Counters subscriberCounters() throws RunFailure;

    /** The publishers' messages so far, cheaper than their counters: what a count-bounded window polls. */
    long sent() throws RunFailure;

    /** The subscribers' latencies since the previous call, merged; {@code null} when none answered. */
    LatencyInterval latency();

    /**
     * The requesters' replies: how many came so far, and the round trips since the previous call,
     * merged; {@code null} when the point has no requesters or an agent did not answer.
     */
    default ReplyInterval replies() {
        return null;
    }

    /** Each agent's host as last read, by agent name, and the broker's host under {@link #BROKER_HOST}. */
    Map<String, HostSample> hosts();

    /** Stops the publishers and returns their final counters; {@code null} (with the problems) if one could not be stopped. */
    Counters stopPublishers(List<String> problems);

    /** What every subscriber's audit saw so far. */
    List<ClientAudit> audit() throws AgentException;

    /** Where the clients run; the same answer all the point long. */
    Placement placement();

    /** How the clients are spread, for the console ("" when all run in one place). */
    String describe();

    /** Closes every client; never throws. */
    void close(List<String> problems);
}
