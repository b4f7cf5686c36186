package io.jmsbench.run.workers;

import io.jmsbench.Versions;
import io.jmsbench.agent.ClientPool;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.publisher.PublisherAgentPool;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.subscriber.SubscriberPool;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.Facts;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Workers in this JVM: the very publisher and subscriber pools an agent serves, called directly,
 * with no control channel in between. The clients still talk to a real broker over its real
 * transport; what this leaves out is the agents' HTTP and their JVMs of their own, so it serves
 * tests of the point's phases that need a broker but no process boundary.
 */
public final class InProcessWorkers implements Workers {

    private static final Duration PREPARE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final String PUBLISHERS = "publisher-in-process";
    private static final String SUBSCRIBERS = "subscriber-in-process";

    private final ClientPool publishers = new PublisherAgentPool();
    private final SubscriberPool subscribers = new SubscriberPool();
    private final String brokerUrl;
    private Counters lastPublishers;
    private Counters lastSubscribers;

    public InProcessWorkers(String brokerUrl) {
        this.brokerUrl = brokerUrl;
    }

    @Override
    public Prepared prepare(List<ClientPlan> publisherPlans, List<ClientPlan> subscriberPlans, PlanFactory plans)
            throws RunFailure {
        PrepareResult subscribed = subscribers.prepare(plans.plan(subscriberPlans, 0), PREPARE_TIMEOUT);
        failIfAny(subscribed, "subscribers", subscriberPlans.size());
        PrepareResult published = publishers.prepare(plans.plan(publisherPlans, 0), PREPARE_TIMEOUT);
        failIfAny(published, "publishers", publisherPlans.size());
        Map<String, String> settings = new LinkedHashMap<>(published.providerSettings());
        subscribed.providerSettings().forEach(settings::putIfAbsent);
        return new Prepared(settings, List.of(facts(SUBSCRIBERS, AgentRole.SUBSCRIBER, subscriberPlans),
                facts(PUBLISHERS, AgentRole.PUBLISHER, publisherPlans)));
    }

    private void failIfAny(PrepareResult result, String role, int clients) throws RunFailure {
        if (!result.failures().isEmpty()) {
            PrepareResult.ClientFailure first = result.failures().get(0);
            throw new RunFailure(result.failures().size() + " of " + clients + " " + role + " in process could not "
                    + "connect to " + brokerUrl + "; first, " + first.client() + ": " + first.error());
        }
    }

    private static AgentFacts facts(String name, AgentRole role, List<ClientPlan> clients) {
        List<String> ids = clients.stream().map(ClientPlan::id).toList();
        return new AgentFacts(name, null, ids.size(), ids, null,
                new AgentInfo(role, Versions.JMSBENCH, Facts.host(), Facts.jvm()));
    }

    @Override
    public void start() {
        subscribers.start(); // the late and leaving subscribers' times count from here
        publishers.start();
    }

    @Override
    public void rate(double ratePerClient) throws RunFailure {
        if (!publishers.rate(ratePerClient)) {
            throw new RunFailure("the closed loop's rate could not be set: no publisher follows a closed loop");
        }
    }

    @Override
    public Counters publisherCounters() {
        lastPublishers = publishers.counters();
        return lastPublishers;
    }

    @Override
    public Counters subscriberCounters() {
        lastSubscribers = subscribers.counters();
        return lastSubscribers;
    }

    @Override
    public long sent() {
        return publishers.messages();
    }

    @Override
    public LatencyInterval latency() {
        return subscribers.latency();
    }

    @Override
    public ReplyInterval replies() {
        return publishers.replies();
    }

    @Override
    public Map<String, HostSample> hosts() {
        Map<String, HostSample> hosts = new LinkedHashMap<>();
        hosts.put(PUBLISHERS, lastPublishers == null ? HostSample.UNKNOWN : lastPublishers.host());
        hosts.put(SUBSCRIBERS, lastSubscribers == null ? HostSample.UNKNOWN : lastSubscribers.host());
        return hosts;
    }

    @Override
    public Counters stopPublishers(List<String> problems) {
        return publishers.stop(STOP_TIMEOUT);
    }

    @Override
    public List<ClientAudit> audit() {
        return subscribers.audit();
    }

    /** One JVM runs the broker's clients, the controller and usually the broker: a shared host. */
    @Override
    public Placement placement() {
        return Placement.sharedHost(List.of(), CpuList.allowed());
    }

    @Override
    public String describe() {
        return " in this JVM";
    }

    @Override
    public void close(List<String> problems) {
        publishers.close(STOP_TIMEOUT);
        subscribers.close(STOP_TIMEOUT);
    }
}
