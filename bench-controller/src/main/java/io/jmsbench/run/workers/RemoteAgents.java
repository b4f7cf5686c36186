package io.jmsbench.run.workers;

import io.jmsbench.run.RunFailure;
import io.jmsbench.run.Children;
import io.jmsbench.Versions;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.scenario.AgentsSpec;

import java.net.URI;
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

    private final List<AgentClient> publishers = new ArrayList<>();
    private final List<AgentClient> subscribers = new ArrayList<>();
    private final AgentClient monitor;
    private final Map<String, AgentInfo> infos = new LinkedHashMap<>();
    /** Agents that went stale: not called again in this run unless they answer a later point's check. */
    private final Set<String> lost = new HashSet<>();

    private RemoteAgents(AgentsSpec spec, String token, String runId) {
        for (int i = 0; i < spec.publishers().size(); i++) {
            publishers.add(client("publisher-agent-" + (i + 1), spec.publishers().get(i), token, runId));
        }
        for (int i = 0; i < spec.subscribers().size(); i++) {
            subscribers.add(client("subscriber-agent-" + (i + 1), spec.subscribers().get(i), token, runId));
        }
        monitor = spec.monitor() == null ? null : client("monitor-agent", spec.monitor(), token, runId);
    }

    private static AgentClient client(String name, String address, String token, String runId) {
        return new AgentClient(name, URI.create("http://" + address), token, runId);
    }

    /**
     * Contacts every agent before the run creates anything: each must answer, have the role it is
     * listed for, and run this controller's jmsbench version.
     */
    public static RemoteAgents contact(AgentsSpec spec, String token, String runId) throws RunFailure {
        RemoteAgents agents = new RemoteAgents(spec, token, runId);
        List<AgentClient> all = new ArrayList<>(agents.publishers);
        all.addAll(agents.subscribers);
        if (agents.monitor != null) {
            all.add(agents.monitor);
        }
        for (AgentClient agent : all) {
            AgentInfo info;
            try {
                info = agent.info();
            } catch (AgentException e) {
                throw new RunFailure(e.getMessage());
            }
            String expectedRole = agent.name().substring(0, agent.name().indexOf("-agent"));
            if (!expectedRole.equals(info.role())) {
                throw new RunFailure(agent.name() + " at " + agent.address().getAuthority() + " is a " + info.role()
                        + " agent, but is listed as a " + expectedRole + " agent");
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

    @Override
    public Pending begin(Children children, String suffix) {
        return signal -> {
            Map<String, ClockOffset> clocks = new LinkedHashMap<>();
            List<AgentClient> all = new ArrayList<>(publishers);
            all.addAll(subscribers);
            for (AgentClient agent : all) {
                signal.check();
                try {
                    agent.info();
                    clocks.put(agent.name(), ClockOffsets.estimate(agent, true));
                } catch (AgentException e) {
                    throw new RunFailure(e.getMessage());
                }
                lost.remove(agent.name());
            }
            return new PointAgents(new AgentGroup("publishers", publishers), new AgentGroup("subscribers", subscribers),
                    monitor, clocks, true);
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
        List<AgentClient> all = new ArrayList<>(publishers);
        all.addAll(subscribers);
        if (monitor != null) {
            all.add(monitor);
        }
        all.removeIf(agent -> lost.contains(agent.name())); // a lost agent frees itself once its lease expires
        problems.addAll(io.jmsbench.agent.Parallel.forEach(all, java.time.Duration.ofSeconds(30), "release",
                AgentClient::release));
    }

    @Override
    public boolean remote() {
        return true;
    }
}
