package io.jmsbench.run.workers;

import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.Versions;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.agent.Parallel;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.scenario.AgentsSpec;

import io.jmsbench.system.CpuPartitions;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Agents the user started on other machines ({@code jmsbench agent --listen}): the same agents
 * serve every point of the run; each point checks they still answer, estimates their clocks, and
 * closes their clients at its end; the run releases them at its end.
 */
public final class RemoteAgents implements AgentSource {

    /** An agent as the scenario lists it: the role it must serve, beside the client that calls it. */
    private record Listed(AgentRole role, AgentClient client) {
    }

    private final List<AgentClient> publishers = new ArrayList<>();
    private final List<AgentClient> subscribers = new ArrayList<>();
    private final AgentClient monitor;
    /** Every agent with its listed role, publishers first, the monitor last. */
    private final List<Listed> listed = new ArrayList<>();
    private final Map<String, AgentInfo> infos = new LinkedHashMap<>();
    /** Agents that went stale: not called again in this run unless they answer a later point's check. */
    private final Set<String> lost = new HashSet<>();

    private RemoteAgents(AgentsSpec spec, String token, String leaseId) {
        for (int i = 0; i < spec.publishers().size(); i++) {
            publishers.add(client(AgentRole.PUBLISHER, "-" + (i + 1), spec.publishers().get(i), token, leaseId));
        }
        for (int i = 0; i < spec.subscribers().size(); i++) {
            subscribers.add(client(AgentRole.SUBSCRIBER, "-" + (i + 1), spec.subscribers().get(i), token, leaseId));
        }
        monitor = spec.monitor() == null ? null : client(AgentRole.MONITOR, "", spec.monitor(), token, leaseId);
    }

    /** The client of the agent at {@code address}, named {@code publisher-agent-1} and listed with its role. */
    private AgentClient client(AgentRole role, String suffix, String address, String token, String leaseId) {
        AgentClient client = new AgentClient(role + "-agent" + suffix, URI.create("http://" + address), token, leaseId);
        listed.add(new Listed(role, client));
        return client;
    }

    /**
     * Contacts every agent before the run creates anything: each must answer, have the role it is
     * listed for, and run this controller's jmsbench version.
     */
    public static RemoteAgents contact(AgentsSpec spec, String token, String leaseId) throws RunFailure {
        RemoteAgents agents = new RemoteAgents(spec, token, leaseId);
        for (Listed listed : agents.listed) {
            AgentClient agent = listed.client();
            AgentInfo info;
            try {
                info = agent.info();
            } catch (AgentException e) {
                throw new RunFailure(e.getMessage());
            }
            if (info.role() != listed.role()) {
                throw new RunFailure(agent.name() + " at " + agent.address().getAuthority() + " is a " + info.role()
                        + " agent, but is listed as a " + listed.role() + " agent");
            }
            if (!Versions.JMSBENCH.equals(info.version())) {
                throw new RunFailure(agent.name() + " at " + agent.address().getAuthority() + " runs jmsbench "
                        + info.version() + ", this controller " + Versions.JMSBENCH + "; run one version everywhere");
            }
            agents.infos.put(agent.name(), info);
        }
        return agents;
    }

    AgentInfo info(String agent) {
        return infos.get(agent);
    }

    /** The monitor agent on the broker's host, contacted; {@code null} when none is listed. */
    AgentClient monitor() {
        return monitor;
    }

    @Override
    public Pending begin(Children children, String suffix, CpuPartitions partitions) {
        return signal -> {
            AgentGroup publisherGroup = new AgentGroup(AgentRole.PUBLISHER, publishers);
            AgentGroup subscriberGroup = new AgentGroup(AgentRole.SUBSCRIBER, subscribers);
            Map<String, ClockOffset> clocks = new LinkedHashMap<>();
            for (AgentGroup group : List.of(publisherGroup, subscriberGroup)) {
                for (AgentClient agent : group.agents()) {
                    signal.check();
                    try {
                        agent.info();
                        clocks.put(agent.name(), ClockOffsets.estimate(agent, group.role(), true));
                    } catch (AgentException e) {
                        throw new RunFailure(e.getMessage());
                    }
                    lost.remove(agent.name());
                }
            }
            return new PointAgents(publisherGroup, subscriberGroup, monitor, clocks, true);
        };
    }

    @Override
    public void end(PointAgents agents, List<String> problems) {
        lost.addAll(agents.publishers().stale());
        lost.addAll(agents.subscribers().stale());
        agents.publishers().finish(false, problems);
        agents.subscribers().finish(false, problems);
    }

    @Override
    public void release(List<String> problems) {
        List<AgentClient> all = new ArrayList<>(listed.stream().map(Listed::client).toList());
        all.removeIf(agent -> lost.contains(agent.name())); // a lost agent frees itself once its lease expires
        Duration bound = Duration.ofSeconds(30);
        for (Parallel.Failure failure : Parallel.forEach(all, bound, "release", AgentClient::release)) {
            problems.add(failure.item() + ": " + failure.cause());
        }
    }

    @Override
    public boolean remote() {
        return true;
    }
}
