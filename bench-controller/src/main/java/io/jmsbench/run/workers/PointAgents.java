package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.report.ClockOffset;

import java.util.Map;

/**
 * The agents of one point: publishers and subscribers (each role one or more agents), the monitor
 * of the broker's host when there is one ({@code null} otherwise), and each agent's clock offset
 * by agent name.
 */
public record PointAgents(AgentGroup publishers, AgentGroup subscribers, AgentClient monitor,
                   Map<String, ClockOffset> clocks, boolean remote) {
}
