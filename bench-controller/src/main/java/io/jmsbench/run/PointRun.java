package io.jmsbench.run;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.SampleLine;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.workload.ExpectedReplication;
import io.jmsbench.workload.Filters;
import io.jmsbench.workload.MessageVariants;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
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
    private final String token;
    private final ProcessHandle brokerProcess;
    final List<AgentFacts> agentFacts = new ArrayList<>();
    private List<ClientPlan> subscriberPlans = List.of();
    private List<ClientPlan> publisherPlans = List.of();
    Map<String, String> providerSettings = Map.of();

    PointRun(Scenario scenario, int pointIndex, int repeat, RunDirectory directory, RunSignal signal,
             PrintStream console, String token, ProcessHandle brokerProcess) {
        this.scenario = scenario;
        this.pointIndex = pointIndex;
        this.repeat = repeat;
        this.directory = directory;
        this.signal = signal;
        this.console = console;
        this.token = token;
        this.brokerProcess = brokerProcess;
    }

    /** Spawns this point's agent JVMs; they boot while the broker starts. */
    LocalAgent[] spawnAgents(Children children, String suffix) throws IOException {
        return new LocalAgent[] {
            LocalAgent.spawn(children, "subscriber-agent" + suffix, "subscriber", directory.path(), token),
            LocalAgent.spawn(children, "publisher-agent" + suffix, "publisher", directory.path(), token)
        };
    }

    void measure(LocalAgent[] agents, String url, PointRecorder point, SamplesLog samples, long commandStart)
            throws IOException, InterruptedException, RunAborted, RunFailure, AgentException {
        AgentClient subscribers = agents[0].await(token, signal);
        AgentClient publishers = agents[1].await(token, signal);
        subscriberPlans = subscriberPlans();
        publisherPlans = publisherPlans();
        agentFacts.add(facts(subscribers, subscriberPlans.size()));
        agentFacts.add(facts(publishers, publisherPlans.size()));
        try {
            prepare(subscribers, url, subscriberPlans, "subscribers");
            prepare(publishers, url, publisherPlans, "publishers");
            point.mark("clientsReady");
            point.readySeconds = (System.nanoTime() - commandStart) / 1e9;
            console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%n", publisherPlans.size(),
                    subscriberPlans.size(), point.readySeconds);
            signal.check();
            timedPhases(point, samples, publishers, subscribers);
        } finally {
            finish(point, publishers, subscribers);
        }
    }

    private void timedPhases(PointRecorder point, SamplesLog samples, AgentClient publishers, AgentClient subscribers)
            throws AgentException, RunAborted, IOException {
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
        point.publishersFinal = publishers.stop();
        point.mark("publishStop");
        drain(point, samples, subscribers, previous, start);
    }

    /**
     * For a window bounded by a message count: polls the publishers until they have sent
     * {@code total} messages (true) or {@code deadline} passes (false).
     */
    private boolean waitForCount(AgentClient publishers, long total, long deadline) throws AgentException, RunAborted {
        while (System.nanoTime() < deadline) {
            if (publishers.counters(PULL_TIMEOUT).messages() >= total) {
                return true;
            }
            signal.sleepUntil(Math.min(deadline, System.nanoTime() + COUNT_POLL_NANOS));
        }
        return false;
    }

    /** Waits until the subscribers have every message they should get, go quiet, or the drain bound passes. */
    private void drain(PointRecorder point, SamplesLog samples, AgentClient subscribers, Snapshot previous, long start)
            throws AgentException, RunAborted, IOException {
        long sent = point.publishersFinal.messages();
        long expected = Math.round(ExpectedReplication.of(scenario) * sent);
        long drainStart = System.nanoTime();
        long deadline = drainStart + scenario.phases().drain().toNanos();
        long lastProgress = drainStart;
        long lastCount = -1;
        long nextTick = start + ((drainStart - start) / SECOND + 1) * SECOND;
        String outcome;
        Counters counters;
        while (true) {
            counters = subscribers.counters(PULL_TIMEOUT);
            long now = System.nanoTime();
            if (counters.messages() != lastCount) {
                lastCount = counters.messages();
                lastProgress = now;
            }
            if (now >= nextTick) {
                Snapshot snap = Snapshot.take(point.publishersFinal, counters, subscribers.latency(PULL_TIMEOUT),
                        brokerProcess);
                emit(point.sample(previous, snap, (now - start) / 1e9, "drain"), samples);
                previous = snap;
                nextTick += SECOND;
            }
            if (counters.messages() >= expected) {
                outcome = "complete";
                break;
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
        point.audit = AuditMerge.of(subscriberPlans, publisherPlans, point.publishersFinal, subscribers.audit());
    }

    /** Stops and closes the clients and asks the agents to exit; on an abort, reads what it still can. */
    private void finish(PointRecorder point, AgentClient publishers, AgentClient subscribers) {
        try {
            if (point.publishersFinal == null) {
                point.publishersFinal = publishers.stop();
            }
        } catch (AgentException e) {
            console.println("jmsbench: " + e.getMessage());
        }
        try {
            if (point.subscribersFinal == null) {
                point.subscribersFinal = subscribers.counters(PULL_TIMEOUT);
            }
        } catch (AgentException e) {
            console.println("jmsbench: " + e.getMessage());
        }
        for (AgentClient agent : List.of(publishers, subscribers)) {
            try {
                agent.close();
                agent.shutdown();
            } catch (AgentException e) {
                console.println("jmsbench: " + e.getMessage());
            }
        }
    }

    private void prepare(AgentClient agent, String url, List<ClientPlan> clients, String what)
            throws AgentException, RunFailure {
        PrepareResult result = agent.prepare(new PoolPlan(directory.runId(), scenario.provider(), url,
                scenario.destination(), scenario.message(), MessageVariants.of(scenario), scenario.delivery(), scenario.publishers().ratePerClient(), scenario.publishers().faults(),
                clients));
        providerSettings = result.providerSettings();
        if (!result.failures().isEmpty()) {
            PrepareResult.ClientFailure first = result.failures().get(0);
            throw new RunFailure(result.failures().size() + " of " + clients.size() + " " + what
                    + " could not connect to " + url + "; first, " + first.client() + ": " + first.error());
        }
    }

    private Snapshot snapshot(AgentClient publishers, AgentClient subscribers) throws AgentException {
        Counters pub = publishers.counters(PULL_TIMEOUT);
        Counters sub = subscribers.counters(PULL_TIMEOUT);
        return Snapshot.take(pub, sub, subscribers.latency(PULL_TIMEOUT), brokerProcess);
    }

    private void emit(IntervalSample sample, SamplesLog samples) throws IOException {
        samples.append(new SampleLine(pointIndex, repeat, sample));
        console.println(LiveLine.format(sample));
    }

    private List<ClientPlan> publisherPlans() {
        List<ClientPlan> plans = new ArrayList<>();
        for (int i = 0; i < scenario.publishers().clients(); i++) {
            plans.add(new ClientPlan("pub-" + i, null, scenario.destination().nameFor(i)));
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

    private static AgentFacts facts(AgentClient agent, int clients) throws AgentException {
        AgentInfo info = agent.info();
        return new AgentFacts(agent.name(), null, clients, info);
    }

}
