package io.jmsbench.run;

import io.jmsbench.Versions;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.broker.ExternalBrokerProbe;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.report.Environment;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.Report;
import io.jmsbench.report.ReportWriter;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Durations;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.system.Facts;
import io.jmsbench.system.HostCpu;
import io.jmsbench.workload.ExpectedReplication;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * One run of a scenario on this machine, phase by phase: broker, agents, subscribers ready,
 * publishers start, warm-up, measurement, stop, drain, collect, report. Every JVM it starts is
 * stopped on every exit path; whatever was measured before an abort is kept and reported as such.
 */
public final class BenchmarkRun {

    private static final long SECOND = 1_000_000_000L;
    private static final Duration PULL_TIMEOUT = Duration.ofSeconds(3);
    /** A drain ends early once no receipt arrived for this long. */
    private static final Duration QUIET = Duration.ofSeconds(2);
    private static final long DRAIN_POLL_NANOS = 100_000_000L;

    private final Scenario scenario;
    private final Path scenarioFile;
    private final RunDirectory directory;
    private final RunSignal signal;
    private final PrintStream console;
    private final String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(24));
    private final String startedAt = Instant.now().toString();

    private BrokerFacts brokerFacts;
    private final List<AgentFacts> agentFacts = new ArrayList<>();
    private Map<String, String> providerSettings = Map.of();
    private ProcessHandle brokerProcess;

    private BenchmarkRun(Scenario scenario, Path scenarioFile, RunDirectory directory, RunSignal signal,
                         PrintStream console) {
        this.scenario = scenario;
        this.scenarioFile = scenarioFile;
        this.directory = directory;
        this.signal = signal;
        this.console = console;
    }

    /**
     * Runs {@code scenario} and writes its report under {@code outRoot}. An external broker is probed
     * before anything is created, so a broker that is down leaves no results directory behind.
     */
    public static Report execute(Scenario scenario, Path scenarioFile, Path outRoot, RunSignal signal,
                                 PrintStream console) throws BrokerUnavailable, IOException {
        if (!scenario.broker().isEmbedded()) {
            ExternalBrokerProbe.probe(scenario.provider(), scenario.broker().url());
        }
        RunDirectory directory = RunDirectory.create(outRoot, scenario.name());
        console.println("jmsbench " + Versions.JMSBENCH + ": " + scenario.name() + " -> " + directory.path());
        return new BenchmarkRun(scenario, scenarioFile, directory, signal, console).run();
    }

    private Report run() throws IOException, BrokerUnavailable {
        int hostCores = Runtime.getRuntime().availableProcessors();
        PointRecorder point = new PointRecorder(ExpectedReplication.of(scenario), scenario.filters(), hostCores);
        point.labels.add("shared host: broker, publishers and subscribers share this machine's " + hostCores
                + " cores, so this is not a testbed capacity figure");
        if (scenario.phases().warmup().compareTo(Defaults.MIN_WARMED_UP) < 0) {
            point.labels.add("not warmed up: warm-up " + Durations.format(scenario.phases().warmup()) + " < "
                    + Durations.format(Defaults.MIN_WARMED_UP) + "; throughput may still be climbing (JIT)");
        }
        String abortReason = null;
        BrokerUnavailable brokerFailure = null;
        try (Children children = new Children(); SamplesLog samples = new SamplesLog(directory.samples())) {
            measure(children, point, samples);
        } catch (RunAborted | RunFailure | AgentException e) {
            abortReason = e.getMessage();
        } catch (BrokerUnavailable e) {
            abortReason = e.getMessage();
            brokerFailure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abortReason = "interrupted";
        }
        // every child JVM is stopped by now (Children.close), whatever happened
        Report report = report(point.result(abortReason), abortReason);
        ReportWriter.write(report, directory.path());
        if (brokerFailure != null) {
            throw brokerFailure;
        }
        return report;
    }

    private void measure(Children children, PointRecorder point, SamplesLog samples)
            throws IOException, InterruptedException, BrokerUnavailable, RunAborted, RunFailure, AgentException {
        long commandStart = System.nanoTime();
        // the agents boot while the broker starts; they need it only once prepared
        LocalAgent subscriberJvm = LocalAgent.spawn(children, "subscriber-agent", "subscriber", directory.path(), token);
        LocalAgent publisherJvm = LocalAgent.spawn(children, "publisher-agent", "publisher", directory.path(), token);
        String url;
        if (scenario.broker().isEmbedded()) {
            BrokerUrls urls = BrokerProcess.start(children, directory.path(), scenario.broker().persistent(), signal);
            url = scenario.provider() == Provider.AMQP ? urls.amqp() : urls.openwire();
            brokerProcess = ProcessHandle.of(urls.pid()).orElse(null);
            brokerFacts = new BrokerFacts("embedded activemq", urls.version(), url, scenario.broker().persistent(),
                    directory.path().resolve("broker-data").toString(), urls.memoryLimitMb(), urls.jvm());
        } else {
            url = scenario.broker().url();
            brokerFacts = new BrokerFacts("external", "unknown", url, null, null, null, null);
        }
        console.println("  broker   " + brokerFacts.kind() + " at " + url);
        AgentClient subscribers = subscriberJvm.await(token, signal);
        AgentClient publishers = publisherJvm.await(token, signal);
        List<ClientPlan> subscriberPlans = subscriberPlans();
        List<ClientPlan> publisherPlans = publisherPlans();
        agentFacts.add(facts(subscribers, subscriberPlans.size()));
        agentFacts.add(facts(publishers, publisherPlans.size()));
        try {
            prepare(subscribers, url, subscriberPlans, "subscribers");
            prepare(publishers, url, publisherPlans, "publishers");
            point.mark("clientsReady");
            console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%n", publisherPlans.size(),
                    subscriberPlans.size(), (System.nanoTime() - commandStart) / 1e9);
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
        while (true) {
            long target = Math.min(nextTick, measureEnd);
            if (point.windowStart == null) {
                target = Math.min(target, warmupEnd);
            }
            signal.sleepUntil(target);
            Snapshot now = snapshot(publishers, subscribers);
            String phase = point.windowStart == null ? "warmup" : "measure";
            emit(point.sample(previous, now, (target - start) / 1e9, phase), samples);
            previous = now;
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
                Snapshot snap = new Snapshot(now, point.publishersFinal, counters, Snapshot.cpuNanos(brokerProcess),
                        HostCpu.read());
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
                scenario.destination(), scenario.message(), scenario.delivery(), clients));
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
        return new Snapshot(System.nanoTime(), pub, sub, Snapshot.cpuNanos(brokerProcess), HostCpu.read());
    }

    private void emit(IntervalSample sample, SamplesLog samples) throws IOException {
        samples.append(sample);
        console.println(LiveLine.format(sample));
    }

    private List<ClientPlan> publisherPlans() {
        List<ClientPlan> plans = new ArrayList<>();
        for (int i = 0; i < scenario.publishers().clients(); i++) {
            plans.add(new ClientPlan("pub-" + i, null));
        }
        return plans;
    }

    private List<ClientPlan> subscriberPlans() {
        List<ClientPlan> plans = new ArrayList<>();
        for (int g = 0; g < scenario.subscribers().size(); g++) {
            SubscriberGroup group = scenario.subscribers().get(g);
            for (int i = 0; i < group.clients(); i++) {
                plans.add(new ClientPlan("sub-" + g + "-" + i, group.selector()));
            }
        }
        return plans;
    }

    private static AgentFacts facts(AgentClient agent, int clients) throws AgentException {
        AgentInfo info = agent.info();
        return new AgentFacts(agent.name(), null, clients, info);
    }

    private Report report(PointResult point, String abortReason) {
        Environment environment = new Environment(Versions.JMSBENCH, Versions.ACTIVEMQ, Versions.QPID_JMS,
                brokerFacts, Facts.host(), Facts.jvm(), agentFacts, providerSettings);
        boolean completed = abortReason == null;
        return new Report(Report.SCHEMA, directory.runId(), completed ? Report.COMPLETED : Report.ABORTED, abortReason,
                startedAt, Instant.now().toString(), scenarioFile.toString(), scenario, environment,
                completed && point.valid(), List.of(point));
    }
}
