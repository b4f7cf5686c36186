package io.jmsbench.run.workers;

import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.agent.AgentException;

import io.jmsbench.system.CpuPartitions;

import java.io.IOException;
import java.util.List;

/**
 * Where a point's agents come from: JVMs the controller starts on this machine for the point
 * ({@link LocalAgents}), or agents serving on other machines ({@link RemoteAgents}).
 */
public interface AgentSource {

    /**
     * Begins this point's agents; local ones boot while the broker starts, each role on its CPUs
     * of {@code partitions} ({@code null}: anywhere; remote agents are never placed).
     */
    Pending begin(Children children, String suffix, CpuPartitions partitions) throws IOException;

    /** Agents on their way. */
    interface Pending {
        /** Waits until every agent serves and estimates its clock. */
        PointAgents await(RunSignal signal) throws IOException, InterruptedException, RunFailure, RunAborted,
                AgentException;
    }

    /** Ends the point: closes its clients on every agent (local agents also exit); never throws. */
    void end(PointAgents agents, List<String> problems);

    /** Ends the run: remote agents are freed for other runs; never throws. */
    void release(List<String> problems);

    /** Whether agents run elsewhere than this machine. */
    boolean remote();
}
