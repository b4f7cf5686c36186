package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Workers behind the control channel: the agents of a point, each role an {@link AgentGroup}.
 *
 * <p>Clock policy: every reading is dated by the agent's own monotonic clock when a role has one
 * agent, and by the controller's when several are merged; wall clocks meet only in latency, where
 * remote agents' clients subtract their estimated offset ({@link ClockOffsets}) and local agents,
 * on the controller's own clock, subtract nothing.
 */
public final class HttpWorkers implements Workers {

    private static final Duration PULL_TIMEOUT = Duration.ofSeconds(3);
    /** The monitor feeds only the validity rules: a silent one must not stretch every tick by a pull timeout. */
    private static final Duration MONITOR_TIMEOUT = Duration.ofSeconds(1);

    private final PointAgents agents;
    private final String brokerUrl;
    private final Placement placement;

    /**
     * The workers of {@code agents}, whose clients connect to {@code brokerUrl}; {@code
     * brokerBootId} is the broker host's kernel when known without a monitor (an embedded
     * broker runs on the controller's), else {@code null}; {@code partitions}: the CPUs each role
     * was held to on this host ({@code null}: shared).
     */
    public HttpWorkers(PointAgents agents, String brokerUrl, String brokerBootId, CpuPartitions partitions)
            throws AgentException {
        this.agents = agents;
        this.brokerUrl = brokerUrl;
        this.placement = placement(agents, brokerBootId, partitions);
    }

    /**
     * Agents whose hosts run one kernel (the same boot id: one machine, network namespaces or
     * containers included) with each other or with the broker share cores.
     */
    private static Placement placement(PointAgents agents, String brokerBootId, CpuPartitions partitions)
            throws AgentException {
        List<ClockOffset> clocks = List.copyOf(agents.clocks().values());
        if (!agents.remote() && agents.monitor() != null && !agents.monitor().info().host().bootId()
                .equals(agents.publishers().agents().get(0).info().host().bootId())) {
            return Placement.sharedKernel(clocks, true); // the clients share this machine, the broker has its own
        }
        if (!agents.remote()) {
            return partitions == null ? Placement.sharedHost(clocks, CpuList.allowed())
                    : Placement.partitioned(clocks, partitions);
        }
        Set<String> kernels = new HashSet<>();
        int clientAgents = 0;
        for (AgentGroup group : List.of(agents.publishers(), agents.subscribers())) {
            for (AgentClient agent : group.agents()) {
                kernels.add(agent.info().host().bootId());
                clientAgents++;
            }
        }
        String brokerKernel = agents.monitor() != null ? agents.monitor().info().host().bootId() : brokerBootId;
        boolean shared = kernels.size() < clientAgents || (brokerKernel != null && kernels.contains(brokerKernel));
        return shared ? Placement.sharedKernel(clocks, brokerKernel != null && !kernels.contains(brokerKernel))
                : Placement.separateHosts(clocks, agents.monitor() != null);
    }

    @Override
    public Prepared prepare(List<ClientPlan> publishers, List<ClientPlan> subscribers, PlanFactory plans)
            throws RunFailure, AgentException {
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, String> subscriberSettings = agents.subscribers().prepare(subscribers, offsetPlans(plans),
                brokerUrl);
        settings.putAll(agents.publishers().prepare(publishers, offsetPlans(plans), brokerUrl));
        subscriberSettings.forEach(settings::putIfAbsent);
        prepareMonitor(plans.plan(List.of(), 0));
        return new Prepared(settings, facts());
    }

    /**
     * Tells the monitor the broker's URL, whose port it finds the broker's process by; without the
     * clients' login or TLS material, which it has no use for. A monitor that does not answer
     * leaves the broker's CPU unmeasured, as its silence during the point does.
     */
    private void prepareMonitor(PoolPlan p) {
        if (agents.monitor() == null) {
            return;
        }
        try {
            agents.monitor().prepare(new PoolPlan(p.runId(), p.provider(), p.brokerUrl(), p.destination(), p.message(),
                    p.variants(), p.delivery(), p.ratePerClient(), p.faults(), List.of(), 0, null));
        } catch (AgentException e) {
            // its counters then carry no broker process, and the judge says the broker's CPU was not measured
        }
    }

    private BiFunction<AgentClient, List<ClientPlan>, PoolPlan> offsetPlans(
            PlanFactory plans) {
        return (agent, clients) -> {
            ClockOffset clock = agents.clocks().get(agent.name());
            long offset = clock != null && clock.applied() ? Math.round(clock.offsetMicros() * 1e3) : 0;
            return plans.plan(clients, offset);
        };
    }

    private List<AgentFacts> facts() throws AgentException {
        List<AgentFacts> facts = new ArrayList<>();
        for (AgentGroup group : List.of(agents.subscribers(), agents.publishers())) {
            Map<String, List<String>> placement = group.placement();
            for (AgentClient agent : group.agents()) {
                List<String> ids = placement.get(agent.name());
                facts.add(new AgentFacts(agent.name(), agents.remote() ? agent.address().getAuthority() : null,
                        ids.size(), ids, agents.clocks().get(agent.name()), agent.info()));
            }
        }
        if (agents.monitor() != null) {
            facts.add(new AgentFacts(agents.monitor().name(), agents.monitor().address().getAuthority(), 0,
                    List.of(), null, agents.monitor().info()));
        }
        return facts;
    }

    @Override
    public void start() throws AgentException {
        agents.subscribers().start(); // the late and leaving subscribers' times count from here
        agents.publishers().start();
    }

    @Override
    public void rate(double ratePerClient) throws RunFailure {
        agents.publishers().rate(ratePerClient, PULL_TIMEOUT);
    }

    @Override
    public Counters publisherCounters() throws RunFailure {
        return agents.publishers().counters(PULL_TIMEOUT);
    }

    @Override
    public Counters subscriberCounters() throws RunFailure {
        return agents.subscribers().counters(PULL_TIMEOUT);
    }

    @Override
    public long sent() throws RunFailure {
        return agents.publishers().messages(PULL_TIMEOUT);
    }

    @Override
    public LatencyInterval latency() {
        return agents.subscribers().latency(PULL_TIMEOUT);
    }

    @Override
    public ReplyInterval replies() {
        return agents.publishers().replies(PULL_TIMEOUT);
    }

    @Override
    public Map<String, HostSample> hosts() {
        Map<String, HostSample> hosts = new LinkedHashMap<>(agents.publishers().hosts());
        hosts.putAll(agents.subscribers().hosts());
        if (agents.monitor() != null) {
            try {
                hosts.put(BROKER_HOST, agents.monitor().counters(MONITOR_TIMEOUT).host());
            } catch (AgentException e) {
                hosts.put(BROKER_HOST, HostSample.UNKNOWN);
            }
        }
        return hosts;
    }

    @Override
    public Counters stopPublishers(List<String> problems) {
        return agents.publishers().stop(problems);
    }

    @Override
    public List<ClientAudit> audit() throws AgentException {
        return agents.subscribers().audit();
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public String describe() {
        return agents.remote() ? " on " + agents.publishers().agents().size() + " + "
                + agents.subscribers().agents().size() + " remote agents" : "";
    }

    /** Closing is the agent source's ({@link AgentSource#end}): local agents also exit, remote ones stay. */
    @Override
    public void close(List<String> problems) {
    }
}
