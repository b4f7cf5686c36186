package io.jmsbench.run;

import io.jmsbench.Versions;
import io.jmsbench.agent.AgentException;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.broker.ExternalBrokerProbe;
import io.jmsbench.model.ModelFit;
import io.jmsbench.report.Environment;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointSummary;
import io.jmsbench.report.Report;
import io.jmsbench.report.ReportWriter;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Durations;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.Facts;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A run of a scenario plan on this machine: every sweep point times every repeat, each with its
 * own agents and (unless {@code broker.reuse}) its own broker, in the plan's stable order. Every
 * JVM it starts is stopped on every exit path; whatever was measured before an abort is kept.
 */
public final class BenchmarkRun {

    /** Start-up, drain and shutdown of one point on this kind of machine, for the time estimate. */
    private static final double OVERHEAD_SECONDS_PER_POINT = 6;

    private final ScenarioPlan plan;
    private final Path scenarioFile;
    private final List<String> overrides;
    private final RunDirectory directory;
    private final RunSignal signal;
    private final PrintStream console;
    private final Options options;
    private final AgentSource agentSource;
    private final String startedAt = Instant.now().toString();
    private final int hostCores = Runtime.getRuntime().availableProcessors();

    private BrokerFacts brokerFacts;
    private DiskBenchmark.Result disk;
    private List<AgentFacts> agentFacts = List.of();
    private Map<String, String> providerSettings = Map.of();

    /** The broker a point uses: its client URL, its facts and its process (null when external). */
    private record Broker(String url, BrokerFacts facts, ProcessHandle process) {
    }

    /**
     * How to run: measure the disk first; go on with the next point after one failed
     * ({@code --on-failure continue}) or stop there; the token of remote agents ({@code null} in
     * local mode).
     */
    public record Options(boolean diskBenchmark, boolean continueOnFailure, String remoteToken,
                          io.jmsbench.jms.BrokerCredentials credentials) {

        @Override
        public String toString() { // never the token
            return "Options[diskBenchmark=" + diskBenchmark + ", continueOnFailure=" + continueOnFailure
                    + ", remote=" + (remoteToken != null) + ", login=" + credentials + "]";
        }
    }

    private BenchmarkRun(ScenarioPlan plan, Path scenarioFile, List<String> overrides, RunDirectory directory,
                         RunSignal signal, PrintStream console, Options options, AgentSource agentSource) {
        this.plan = plan;
        this.scenarioFile = scenarioFile;
        this.overrides = List.copyOf(overrides);
        this.directory = directory;
        this.signal = signal;
        this.console = console;
        this.options = options;
        this.agentSource = agentSource;
    }

    /**
     * Runs {@code plan} and writes its report under {@code outRoot}. An external broker is probed,
     * and remote agents contacted, before anything is created, so a broker or an agent that is down
     * leaves no results directory behind.
     */
    public static Report execute(ScenarioPlan plan, Path scenarioFile, List<String> overrides, Path outRoot,
                                 RunSignal signal, PrintStream console, Options options)
            throws BrokerUnavailable, RunFailure, IOException {
        Scenario base = plan.base();
        if (!base.broker().isEmbedded()) {
            ExternalBrokerProbe.probe(base.provider(), base.broker().url(), options.credentials());
        }
        String leaseId = base.name() + "@" + Facts.host().hostname() + "#"
                + HexFormat.of().formatHex(randomBytes(4));
        RemoteAgents remote = base.agents().remote()
                ? RemoteAgents.contact(base.agents(), options.remoteToken(), leaseId) : null;
        RunDirectory directory = RunDirectory.create(outRoot, base.name());
        console.println("jmsbench " + Versions.JMSBENCH + ": " + base.name() + " -> " + directory.path());
        AgentSource source = remote != null ? remote
                : new LocalAgents(directory.path(), HexFormat.of().formatHex(randomBytes(24)), leaseId);
        return new BenchmarkRun(plan, scenarioFile, overrides, directory, signal, console, options, source).run();
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private Report run() throws IOException, BrokerUnavailable {
        boolean diskBenchmark = options.diskBenchmark();
        printPlan();
        Scenario base = plan.base();
        if (diskBenchmark && base.broker().isEmbedded() && base.broker().persistent()) {
            Path root = dataRoot(base);
            console.println("  disk     measuring " + root + " (writes, synced writes, reads; 4 KiB blocks, 3 s each)");
            disk = DiskBenchmark.run(root, 4096, 64L * 1024 * 1024, java.time.Duration.ofSeconds(3));
            console.printf(java.util.Locale.ROOT, "  disk     %,.0f writes/s, %,.0f synced writes/s, %,.0f reads/s%n",
                    disk.writes().perSecond(), disk.syncWrites().perSecond(), disk.reads().perSecond());
        }
        List<PointResult> results = new ArrayList<>();
        String abortReason = null;
        BrokerUnavailable brokerFailure = null;
        long commandStart = System.nanoTime();
        try (Children runChildren = new Children(); SamplesLog samples = new SamplesLog(directory.samples())) {
            Broker shared = null;
            outer:
            for (ScenarioPlan.Point point : plan.points()) {
                for (int repeat = 1; repeat <= plan.repeat(); repeat++) {
                    if (signal.abortReason() != null) {
                        abortReason = signal.abortReason();
                        break outer;
                    }
                    if (plan.runs() > 1) {
                        console.printf("point %d/%d %s, repeat %d/%d%n", point.index() + 1, plan.points().size(),
                                point.parameters(), repeat, plan.repeat());
                    }
                    String suffix = plan.runs() == 1 ? "" : "-p" + point.index() + "-r" + repeat;
                    PointRecorder recorder = recorder(point.scenario(), directory.path().resolve("latency" + suffix + ".hlog"));
                    String failure = null;
                    try (Children pointChildren = new Children()) {
                        AgentSource.Pending pending = agentSource.begin(pointChildren, suffix);
                        Broker broker;
                        if (point.scenario().broker().reuse()) {
                            shared = shared != null ? shared : broker(runChildren, point.scenario(), "");
                            broker = shared;
                        } else {
                            broker = broker(pointChildren, point.scenario(), suffix);
                        }
                        PointAgents agents = pending.await(signal);
                        hostLabels(recorder, agents, broker);
                        PointRun run = new PointRun(point.scenario(), point.index(), repeat, directory, signal, console,
                                broker.url(), broker.process(), options.credentials());
                        try {
                            run.measure(agents, recorder, samples, results.isEmpty() ? commandStart : System.nanoTime());
                        } finally {
                            agentFacts = List.copyOf(run.agentFacts);
                            providerSettings = run.providerSettings;
                            List<String> problems = new ArrayList<>();
                            agentSource.end(agents, problems);
                            problems.forEach(p -> console.println("jmsbench: " + p));
                        }
                    } catch (RunAborted e) {
                        abortReason = e.getMessage();
                    } catch (RunFailure | AgentException e) {
                        failure = e.getMessage();
                    } catch (BrokerUnavailable e) {
                        failure = e.getMessage();
                        brokerFailure = e;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        abortReason = "interrupted";
                    }
                    if (abortReason == null && signal.abortReason() != null) {
                        abortReason = signal.abortReason();
                    }
                    if (failure != null && abortReason == null) {
                        console.println("jmsbench: point failed: " + failure);
                        if (!options.continueOnFailure()) {
                            int left = plan.runs() - results.size() - 1;
                            abortReason = failure + (left > 0 ? "; the " + left + " remaining run" + (left == 1 ? " was" : "s were")
                                    + " skipped (--on-failure abort)" : "");
                        } else if (results.size() + 1 < plan.runs()) {
                            console.println("jmsbench: going on with the next point (--on-failure continue)");
                        }
                    }
                    // this point's JVMs are stopped by now (Children.close), whatever happened
                    recorder.closeLog();
                    PointResult result = recorder.result(failure != null ? failure : abortReason, point.parameters(),
                            repeat);
                    results.add(result);
                    if (plan.runs() > 1) {
                        console.println(PointLine.format(result));
                    }
                    if (abortReason != null) {
                        break outer;
                    }
                }
            }
        }
        List<String> releaseProblems = new ArrayList<>();
        agentSource.release(releaseProblems);
        releaseProblems.forEach(p -> console.println("jmsbench: " + p));
        if (abortReason != null) {
            console.println("jmsbench: run aborted: " + abortReason);
            console.println("jmsbench: every JVM it started is stopped; logs in " + directory.logs());
        }
        Report report = report(results, abortReason);
        ReportWriter.write(report, directory.path());
        if (brokerFailure != null && results.size() <= 1) {
            throw brokerFailure;
        }
        return report;
    }

    private PointRecorder recorder(Scenario scenario, Path hlog) {
        PointRecorder recorder = new PointRecorder(scenario, hostCores, hlog);
        if (scenario.phases().warmup().compareTo(Defaults.MIN_WARMED_UP) < 0) {
            recorder.labels.add("not warmed up: warm-up " + Durations.format(scenario.phases().warmup()) + " < "
                    + Durations.format(Defaults.MIN_WARMED_UP) + "; throughput may still be climbing (JIT)");
        }
        if (!scenario.message().stamped()) {
            recorder.labels.add("unstamped messages (message.stamped: false): no audit and no latency, rates only");
        }
        if (scenario.broker().reuse() && plan.runs() > 1) {
            recorder.labels.add("broker reused: one broker served every point of this run (broker.reuse)");
        }
        return recorder;
    }

    /**
     * Says where the point ran. Agents whose hosts run one kernel (the same boot id: one machine,
     * network namespaces or containers included) with each other or with the broker share cores,
     * so the paper's per-host rules cannot hold; the per-JVM rules apply and the point says
     * "shared host".
     */
    private void hostLabels(PointRecorder recorder, PointAgents agents, Broker broker) throws AgentException {
        if (!agents.remote()) {
            recorder.labels.add("shared host: broker, publishers and subscribers share this machine's " + hostCores
                    + " cores, so this is not a testbed capacity figure");
            return;
        }
        java.util.Set<String> kernels = new java.util.HashSet<>();
        int clientAgents = 0;
        for (AgentGroup group : List.of(agents.publishers(), agents.subscribers())) {
            for (io.jmsbench.agent.AgentClient agent : group.agents()) {
                kernels.add(agent.info().host().bootId());
                clientAgents++;
            }
        }
        String brokerKernel = agents.monitor() != null ? agents.monitor().info().host().bootId()
                : broker.process() != null ? Facts.host().bootId() : null;
        boolean shared = kernels.size() < clientAgents || (brokerKernel != null && kernels.contains(brokerKernel));
        recorder.clocks(agents.clocks().values());
        if (shared) {
            recorder.labels.add("shared host: some agents (or an agent and the broker) run on one machine (the same "
                    + "kernel boot id), so they share cores; CPU rules apply per JVM; not a testbed capacity figure");
        } else {
            recorder.separateHosts(agents.monitor() != null);
            if (agents.monitor() == null) {
                recorder.labels.add("broker host not monitored: start 'jmsbench agent --role monitor' on the broker's "
                        + "machine and list it as agents.monitor, so the broker-CPU rule can be checked");
            }
        }
    }

    private Broker broker(Children children, Scenario scenario, String suffix)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        if (!scenario.broker().isEmbedded()) {
            brokerFacts = new BrokerFacts("external", "unknown", scenario.broker().url(), null, null, null, null);
            return new Broker(scenario.broker().url(), brokerFacts, null);
        }
        Path data = dataRoot(scenario).resolve("broker-data" + suffix);
        BrokerUrls urls = BrokerProcess.start(children, directory.path(), "broker" + suffix, data,
                scenario.broker().persistent(), scenario.broker().tuning(), signal);
        String url = scenario.provider() == Provider.AMQP ? urls.amqp() : urls.openwire();
        brokerFacts = new BrokerFacts("embedded activemq", urls.version(), url, scenario.broker().persistent(),
                data.toString(), urls.memoryLimitMb(), urls.jvm());
        console.println("  broker   " + brokerFacts.kind() + " at " + url);
        return new Broker(url, brokerFacts, ProcessHandle.of(urls.pid()).orElse(null));
    }

    /** Where the broker's store goes: a data directory of the scenario's puts it on the disk under test. */
    private Path dataRoot(Scenario scenario) {
        return scenario.broker().tuning().dataDirectory() == null ? directory.path()
                : Path.of(scenario.broker().tuning().dataDirectory()).resolve(directory.runId());
    }

    private void printPlan() {
        if (plan.runs() == 1) {
            return;
        }
        Scenario base = plan.base();
        double perRun = base.phases().warmup().toSeconds() + base.phases().measure().toSeconds()
                + OVERHEAD_SECONDS_PER_POINT;
        console.printf("  plan     %d points x %d repeats = %d runs, about %.0f min (%s warm-up + %s measure + ~%.0f s "
                        + "start/drain/stop each)%n", plan.points().size(), plan.repeat(), plan.runs(),
                plan.runs() * perRun / 60, Durations.format(base.phases().warmup()),
                Durations.format(base.phases().measure()), OVERHEAD_SECONDS_PER_POINT);
        for (ScenarioPlan.Point p : plan.points()) {
            console.printf("           point %d: %s%n", p.index() + 1, p.parameters());
        }
    }

    private Report report(List<PointResult> results, String abortReason) {
        Environment environment = new Environment(Versions.JMSBENCH, Versions.ACTIVEMQ, Versions.QPID_JMS,
                brokerFacts, Facts.host(), Facts.jvm(), agentFacts, providerSettings, disk);
        boolean completed = abortReason == null;
        List<PointSummary> summary = new ArrayList<>();
        for (ScenarioPlan.Point point : plan.points()) {
            List<PointResult> repeats = results.stream().filter(r -> r.parameters().equals(point.parameters())).toList();
            if (!repeats.isEmpty()) {
                summary.add(PointSummary.of(point.index(), repeats));
            }
        }
        ModelFit model = ModelFits.of(results);
        return new Report(Report.SCHEMA, directory.runId(), completed ? Report.COMPLETED : Report.ABORTED, abortReason,
                startedAt, Instant.now().toString(), scenarioFile.toString(), overrides, plan.base(), plan.sweep(),
                plan.repeat(), environment, completed && results.stream().allMatch(PointResult::valid), results,
                summary, model);
    }
}
