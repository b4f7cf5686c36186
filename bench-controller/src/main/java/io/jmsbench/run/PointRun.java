package io.jmsbench.run;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.SampleLine;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.ExpectedReplication;
import io.jmsbench.workload.Filters;
import io.jmsbench.workload.MessageVariants;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured point of a run, phase by phase: agents start, subscribers ready, publishers
 * start, warm-up, measurement window, publishers stop, drain, collect. The broker is given; the
 * agents are this point's own and are asked to exit at its end, whatever happened.
 */
final class PointRun {

    private static final long SECOND = 1_000_000_000L;
    private static final Duration PULL_TIMEOUT = Duration.ofSeconds(3);
    /** The monitor feeds only the validity rules: a silent one must not stretch every tick by a pull timeout. */
    private static final Duration MONITOR_TIMEOUT = Duration.ofSeconds(1);
    /** A drain ends early once no receipt arrived for this long. */
    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final long DRAIN_POLL_NANOS = 100_000_000L;
    /** How often a count-bounded window looks at the publishers' counts: overshoot stays within ~20 ms. */
    private static final long COUNT_POLL_NANOS = 20_000_000L;

    private final Scenario scenario;
    private final int pointIndex;
    private final int repeat;
    private final RunDirectory directory;
    private final RunSignal signal;
    private final PrintStream console;
    private final String url;
    private final io.jmsbench.jms.BrokerCredentials credentials;
    private final ProcessHandle brokerProcess;
    private PointAgents agents;
    /** The key of the broker host's resources in a snapshot's hosts. */
    static final String MONITOR = "broker-host";
    final List<AgentFacts> agentFacts = new ArrayList<>();
    private List<ClientPlan> subscriberPlans = List.of();
    private List<ClientPlan> publisherPlans = List.of();
    Map<String, String> providerSettings = Map.of();

    PointRun(Scenario scenario, int pointIndex, int repeat, RunDirectory directory, RunSignal signal,
             PrintStream console, String url, ProcessHandle brokerProcess,
             io.jmsbench.jms.BrokerCredentials credentials) {
        this.credentials = credentials;
        this.scenario = scenario;
        this.pointIndex = pointIndex;
        this.repeat = repeat;
        this.directory = directory;
        this.signal = signal;
        this.console = console;
        this.url = url;
        this.brokerProcess = brokerProcess;
    }

    /** How long the publishers may send nothing before the point is given up as stalled. */
    static final Duration STALL = Duration.ofSeconds(15);

    void measure(PointAgents agents, PointRecorder point, SamplesLog samples, long commandStart)
            throws IOException, InterruptedException, RunAborted, RunFailure, AgentException {
        this.agents = agents;
        subscriberPlans = subscriberPlans();
        publisherPlans = publisherPlans();
        try {
            Map<String, String> subscriberSettings = agents.subscribers().prepare(subscriberPlans, this::plan, url);
            Map<String, String> settings = new LinkedHashMap<>(agents.publishers().prepare(publisherPlans, this::plan,
                    url));
            subscriberSettings.forEach(settings::putIfAbsent);
            providerSettings = settings;
            recordFacts();
            point.mark("clientsReady");
            point.readySeconds = (System.nanoTime() - commandStart) / 1e9;
            console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%s%n", publisherPlans.size(),
                    subscriberPlans.size(), point.readySeconds, agents.remote() ? " on "
                            + agents.publishers().agents().size() + " + " + agents.subscribers().agents().size()
                            + " remote agents" : "");
            signal.check();
            timedPhases(point, samples, agents.publishers(), agents.subscribers());
        } finally {
            finish(point, agents.publishers(), agents.subscribers());
        }
    }

    private PoolPlan plan(AgentClient agent, List<ClientPlan> clients) {
        ClockOffset clock = agents.clocks().get(agent.name());
        long offset = clock != null && clock.applied() ? Math.round(clock.offsetMicros() * 1e3) : 0;
        return PoolPlans.of(scenario, directory.runId(), url, clients, offset, credentials);
    }

    private void recordFacts() throws AgentException {
        for (AgentGroup group : List.of(agents.subscribers(), agents.publishers())) {
            Map<String, List<String>> placement = group.placement();
            for (AgentClient agent : group.agents()) {
                List<String> ids = placement.get(agent.name());
                agentFacts.add(new AgentFacts(agent.name(), agents.remote() ? agent.address().getAuthority() : null,
                        ids.size(), ids, agents.clocks().get(agent.name()), agent.info()));
            }
        }
        if (agents.monitor() != null) {
            agentFacts.add(new AgentFacts(agents.monitor().name(), agents.monitor().address().getAuthority(), 0,
                    List.of(), null, agents.monitor().info()));
        }
    }

    private void timedPhases(PointRecorder point, SamplesLog samples, AgentGroup publishers, AgentGroup subscribers)
            throws AgentException, RunAborted, RunFailure, IOException {
        Snapshot previous = snapshot(publishers, subscribers);
        long start = System.nanoTime();
        publishers.start();
        point.mark("publishStart");
        long warmupEnd = start + scenario.phases().warmup().toNanos();
        long measureEnd = warmupEnd + scenario.phases().measure().toNanos();
        if (warmupEnd == start) {
            point.windowStart = previous;
            point.mark("measureStart");
        }
        long nextTick = start + SECOND;
        long lastProgress = start;
        long bound = scenario.phases().messages();
        while (true) {
            long target = Math.min(nextTick, measureEnd);
            if (point.windowStart == null) {
                target = Math.min(target, warmupEnd);
            }
            boolean countReached = point.windowStart != null && bound > 0
                    && waitForCount(publishers, point.windowStart.publishers().messages() + bound, target);
            if (countReached) {
                target = System.nanoTime();
            } else {
                signal.sleepUntil(target);
            }
            Snapshot now = snapshot(publishers, subscribers);
            String phase = point.windowStart == null ? "warmup" : "measure";
            emit(point.sample(previous, now, (target - start) / 1e9, phase), samples);
            if (now.publishers().messages() > previous.publishers().messages()) {
                lastProgress = now.nanos();
            } else if (now.nanos() - lastProgress >= STALL.toNanos()) {
                point.windowEnd = point.windowStart == null ? null : now;
                throw new RunFailure("stalled: the publishers sent nothing for " + STALL.toSeconds() + " s (broker "
                        + "or the network to it down?)" + lastError(now.publishers()));
            }
            previous = now;
            if (countReached) {
                point.windowEnd = now;
                point.mark("measureEnd");
                break;
            }
            if (point.windowStart == null && target == warmupEnd) {
                point.windowStart = now;
                point.mark("measureStart");
            }
            if (target == measureEnd) {
                point.windowEnd = now;
                point.mark("measureEnd");
                break;
            }
            if (target == nextTick) {
                nextTick += SECOND;
            }
        }
        List<String> problems = new ArrayList<>();
        point.publishersFinal = publishers.stop(problems);
        if (point.publishersFinal == null) {
            throw new RunFailure("the publishers could not be stopped: " + String.join("; ", problems));
        }
        point.mark("publishStop");
        drain(point, samples, subscribers, previous, start);
    }

    /**
     * For a window bounded by a message count: polls the publishers until they have sent
     * {@code total} messages (true) or {@code deadline} passes (false).
     */
    private boolean waitForCount(AgentGroup publishers, long total, long deadline) throws RunFailure, RunAborted {
        while (System.nanoTime() < deadline) {
            if (publishers.messages(PULL_TIMEOUT) >= total) {
                return true;
            }
            signal.sleepUntil(Math.min(deadline, System.nanoTime() + COUNT_POLL_NANOS));
        }
        return false;
    }

    /**
     * Waits until the subscribers have every message they should get (as many as expected, and none
     * missing from an audited stream), go quiet, or the drain bound passes.
     */
    private void drain(PointRecorder point, SamplesLog samples, AgentGroup subscribers, Snapshot previous, long start)
            throws AgentException, RunAborted, RunFailure, IOException {
        long sent = point.publishersFinal.messages();
        long expected = Math.round(ExpectedReplication.of(scenario) * sent);
        long drainStart = System.nanoTime();
        long deadline = drainStart + scenario.phases().drain().toNanos();
        long lastProgress = drainStart;
        long lastCount = -1;
        long nextTick = start + ((drainStart - start) / SECOND + 1) * SECOND;
        String outcome;
        Counters counters;
        AuditCounts audit = null;
        long auditedAt = -1;
        while (true) {
            counters = subscribers.counters(PULL_TIMEOUT);
            long now = System.nanoTime();
            if (counters.messages() != lastCount) {
                lastCount = counters.messages();
                lastProgress = now;
            }
            if (now >= nextTick) {
                checkBroker();
                Snapshot snap = Snapshot.take(point.publishersFinal, counters, subscribers.latency(PULL_TIMEOUT),
                        brokerProcess, hosts());
                emit(point.sample(previous, snap, (now - start) / 1e9, "drain"), samples);
                previous = snap;
                nextTick += SECOND;
            }
            if (counters.messages() >= expected && counters.messages() != auditedAt) {
                // duplicates and redeliveries count too, so the count can be reached while messages are
                // still on their way: complete only once the audited streams miss nothing. The audit
                // is pulled again only when more messages came
                audit = AuditMerge.of(subscriberPlans, publisherPlans, point.publishersFinal, subscribers.audit());
                auditedAt = counters.messages();
                if (audit.lost() == 0) {
                    outcome = "complete";
                    break;
                }
            }
            if (now - lastProgress >= QUIET.toNanos()) {
                outcome = "quiet";
                break;
            }
            if (now >= deadline) {
                outcome = "timeout";
                break;
            }
            signal.sleepUntil(Math.min(now + DRAIN_POLL_NANOS, deadline));
        }
        point.subscribersFinal = counters;
        point.drain = new Drain(outcome, (System.nanoTime() - drainStart) / 1e9, expected, counters.messages());
        point.mark("drainEnd");
        point.audit = "complete".equals(outcome) ? audit
                : AuditMerge.of(subscriberPlans, publisherPlans, point.publishersFinal, subscribers.audit());
    }

    /** Stops the load and reads the final counts; on an abort, reads what it still can. Closing is the source's. */
    private void finish(PointRecorder point, AgentGroup publishers, AgentGroup subscribers) {
        List<String> problems = new ArrayList<>();
        if (point.publishersFinal == null) {
            point.publishersFinal = publishers.stop(problems);
        }
        if (point.subscribersFinal == null) {
            try {
                point.subscribersFinal = subscribers.counters(PULL_TIMEOUT);
            } catch (RunFailure e) {
                problems.add(e.getMessage());
            }
        }
        problems.forEach(p -> console.println("jmsbench: " + p));
    }

    private Snapshot snapshot(AgentGroup publishers, AgentGroup subscribers) throws RunFailure {
        checkBroker();
        Counters pub = publishers.counters(PULL_TIMEOUT);
        Counters sub = subscribers.counters(PULL_TIMEOUT);
        return Snapshot.take(pub, sub, subscribers.latency(PULL_TIMEOUT), brokerProcess, hosts());
    }

    /** Every agent's host as last read, and the broker's host from the monitor (if any, and if it answers). */
    private Map<String, HostSample> hosts() {
        Map<String, HostSample> hosts = new java.util.LinkedHashMap<>(agents.publishers().hosts());
        hosts.putAll(agents.subscribers().hosts());
        if (agents.monitor() != null) {
            try {
                hosts.put(MONITOR, agents.monitor().counters(MONITOR_TIMEOUT).host());
            } catch (AgentException e) {
                hosts.put(MONITOR, HostSample.UNKNOWN);
            }
        }
        return hosts;
    }

    private void checkBroker() throws RunFailure {
        if (brokerProcess != null && !brokerProcess.isAlive()) {
            throw new RunFailure("the broker JVM (pid " + brokerProcess.pid() + ") died; see its log in "
                    + directory.logs());
        }
    }

    private static String lastError(Counters counters) {
        return counters.clients().stream().map(ClientCount::lastError).filter(e -> e != null).reduce((a, b) -> b)
                .map(e -> "; last send error: " + e).orElse("");
    }

    private void emit(IntervalSample sample, SamplesLog samples) throws IOException {
        samples.append(new SampleLine(pointIndex, repeat, sample));
        console.println(LiveLine.format(sample));
    }

    private List<ClientPlan> publisherPlans() {
        List<ClientPlan> plans = new ArrayList<>();
        for (int i = 0; i < scenario.publishers().clients(); i++) {
            plans.add(new ClientPlan(AuditHeaders.publisherId(i), null, scenario.destination().nameFor(i)));
        }
        return plans;
    }

    private List<ClientPlan> subscriberPlans() {
        List<ClientPlan> plans = new ArrayList<>();
        java.util.Map<String, Integer> perDestination = new java.util.HashMap<>();
        for (int i = 0; i < scenario.subscriberClients(); i++) {
            perDestination.merge(scenario.destination().nameFor(i), 1, Integer::sum);
        }
        boolean queue = scenario.destination().type() == io.jmsbench.scenario.DestinationSpec.DestinationType.QUEUE;
        int index = 0;
        for (int g = 0; g < scenario.subscribers().size(); g++) {
            SubscriberGroup group = scenario.subscribers().get(g);
            for (int i = 0; i < group.clients(); i++) {
                String destination = scenario.destination().nameFor(index++);
                String selector = Filters.selector(group, i);
                // audited: expected to get every message of the publishers on its destination
                boolean audit = scenario.message().stamped() && ExpectedReplication.matchesEveryVariant(scenario, selector)
                        && (!queue || perDestination.get(destination) == 1);
                plans.add(new ClientPlan("sub-" + g + "-" + i, selector, destination, audit));
            }
        }
        return plans;
    }


}
