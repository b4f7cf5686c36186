package io.jmsbench.run.workers;

import io.jmsbench.run.jvm.Children;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.report.ClockOffset;

import io.jmsbench.system.CpuPartitions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Local mode: one publisher and one subscriber agent JVM on this machine, started afresh for every
 * point; beside them, where the scenario lists one, the monitor agent the user started on the
 * broker's host ({@code watching}: the listed agents with only the monitor, contacted).
 */
public final class LocalAgents implements AgentSource {

    private final Path runDirectory;
    private final String token;
    private final String leaseId;
    private final RemoteAgents watching;

    public LocalAgents(Path runDirectory, String token, String leaseId) {
        this(runDirectory, token, leaseId, null);
    }

    public LocalAgents(Path runDirectory, String token, String leaseId, RemoteAgents watching) {
        this.runDirectory = runDirectory;
        this.token = token;
        this.leaseId = leaseId;
        this.watching = watching;
    }

    @Override
    public Pending begin(Children children, String suffix, CpuPartitions partitions) throws IOException {
        LocalAgent subscriber = LocalAgent.spawn(children, "subscriber-agent" + suffix, AgentRole.SUBSCRIBER,
                runDirectory, token, partitions == null ? null : partitions.subscribers());
        LocalAgent publisher = LocalAgent.spawn(children, "publisher-agent" + suffix, AgentRole.PUBLISHER,
                runDirectory, token, partitions == null ? null : partitions.publishers());
        return signal -> {
            AgentClient subscribers = subscriber.await(token, leaseId, signal);
            AgentClient publishers = publisher.await(token, leaseId, signal);
            AgentGroup publisherGroup = new AgentGroup(AgentRole.PUBLISHER, List.of(publishers));
            AgentGroup subscriberGroup = new AgentGroup(AgentRole.SUBSCRIBER, List.of(subscribers));
            Map<String, ClockOffset> clocks = new LinkedHashMap<>();
            for (AgentGroup group : List.of(publisherGroup, subscriberGroup)) {
                for (AgentClient agent : group.agents()) {
                    clocks.put(agent.name(), ClockOffsets.estimate(agent, group.role(), false));
                }
            }
            return new PointAgents(publisherGroup, subscriberGroup, watching == null ? null : watching.monitor(),
                    clocks, false);
        };
    }

    @Override
    public void end(PointAgents agents, List<String> problems) {
        agents.publishers().finish(true, problems);
        agents.subscribers().finish(true, problems);
    }

    @Override
    public void release(List<String> problems) {
        if (watching != null) {
            watching.release(problems);
        }
    }

    @Override
    public boolean remote() {
        return false;
    }
}
