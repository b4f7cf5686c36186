package io.jmsbench.run;

import io.jmsbench.Versions;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.ExternalBrokerProbe;
import io.jmsbench.broker.TlsProbe;
import io.jmsbench.broker.TlsSetup;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.report.files.ReportWriter;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.run.metrics.RunMetrics;
import io.jmsbench.run.point.Ending;
import io.jmsbench.run.progress.PointTicket;
import io.jmsbench.run.progress.ProgressView;
import io.jmsbench.run.progress.RunConsole;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.workers.AgentSource;
import io.jmsbench.run.workers.LocalAgents;
import io.jmsbench.run.workers.RemoteAgents;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.Facts;
import io.jmsbench.text.Durations;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
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
    private final ProgressView progress;
    private final Options options;
    private final AgentSource agentSource;
    /** The plan's points and repeats, or a search's steps. */
    private final PointSource points;
    private final String startedAt = Instant.now().toString();
    /** What each external broker reached over TLS uses and negotiated. */
    private final Map<BrokerSpec, BrokerTls> tls;


    /**
     * How to run: measure the disk first; go on with the next point after one failed
     * ({@code --on-failure continue}) or stop there; the token of remote agents ({@code null} in
     * local mode); the gauges a metrics endpoint serves ({@code null}: none); how an external
     * broker's process on this machine is found.
     */
    public record Options(boolean diskBenchmark, boolean continueOnFailure, String remoteToken,
                          BrokerCredentials credentials, RunMetrics metrics, BrokerLocator brokerLocator) {

        public Options(boolean diskBenchmark, boolean continueOnFailure, String remoteToken,
                       BrokerCredentials credentials, RunMetrics metrics) {
            this(diskBenchmark, continueOnFailure, remoteToken, credentials, metrics, BrokerLocator.BY_URL);
        }

        @Override
        public String toString() { // never the token
            return "Options[diskBenchmark=" + diskBenchmark + ", continueOnFailure=" + continueOnFailure
                    + ", remote=" + (remoteToken != null) + ", login=" + credentials + ", metrics=" + (metrics != null)
                    + "]";
        }
    }

    private BenchmarkRun(ScenarioPlan plan, Path scenarioFile, List<String> overrides, RunDirectory directory,
                         RunSignal signal, RunConsole console, Options options, AgentSource agentSource,
                         Map<BrokerSpec, BrokerTls> tls) {
        this.tls = Map.copyOf(tls);
        this.plan = plan;
        this.scenarioFile = scenarioFile;
        this.overrides = List.copyOf(overrides);
        this.directory = directory;
        this.signal = signal;
        this.console = console.out();
        this.progress = console.progress();
        this.options = options;
        this.agentSource = agentSource;
        this.points = plan.search() != null ? new SearchPoints(plan) : new PlanPoints(plan);
    }

    /**
     * Runs {@code plan} and writes its report under {@code outRoot}. An external broker is probed,
     * and remote agents contacted, before anything is created, so a broker or an agent that is down
     * leaves no results directory behind.
     */
    public static Report execute(ScenarioPlan plan, Path scenarioFile, List<String> overrides, Path outRoot,
                                 RunSignal signal, RunConsole console, Options options)
            throws BrokerUnavailable, RunFailure, IOException, TlsSetup.Problem {
        Scenario base = plan.base();
        Map<BrokerSpec, BrokerTls> tls = probeExternalBrokers(plan, options);
        String leaseId = base.name() + "@" + Facts.host().hostname() + "#"
                + HexFormat.of().formatHex(randomBytes(4));
        RemoteAgents remote = base.agents().listed()
                ? RemoteAgents.contact(base.agents(), options.remoteToken(), leaseId) : null;
        RunDirectory directory = RunDirectory.create(outRoot, base.name());
        console.out().println("jmsbench " + Versions.JMSBENCH + ": " + base.name() + " -> " + directory.path());
        tls.forEach((broker, t) -> console.out().println("  tls      " + broker.url() + ": " + t.negotiated().describe()));
        AgentSource source = base.agents().remote() ? remote
                : new LocalAgents(directory.path(), HexFormat.of().formatHex(randomBytes(24)), leaseId, remote);
        return new BenchmarkRun(plan, scenarioFile, overrides, directory, signal, console, options, source, tls).run();
    }

    /**
     * Every external broker the points use, once per URL, provider and TLS settings: a comparison may
     * reach several. Over TLS, a handshake first, whose outcome each point's report gets.
     */
    private static Map<BrokerSpec, BrokerTls> probeExternalBrokers(ScenarioPlan plan, Options options)
            throws BrokerUnavailable, TlsSetup.Problem {
        Map<String, BrokerTls> probed = new HashMap<>();
        Map<BrokerSpec, BrokerTls> tls = new HashMap<>();
        for (Scenario s : plan.points().stream().map(ScenarioPlan.Point::scenario).toList()) {
            BrokerSpec broker = s.broker();
            if (broker.isEmbedded()) {
                continue;
            }
            // probed once per provider, URL and TLS settings; every broker spec with them gets the outcome,
            // whatever else of it differs between points (its management, its kind)
            String key = s.provider() + " " + broker.url() + " " + broker.tls();
            if (!probed.containsKey(key)) {
                TlsPlan tlsPlan = null;
                BrokerTls outcome = null;
                if (broker.tls() != null) {
                    tlsPlan = TlsSetup.resolve(broker.tls(), System.getenv());
                    outcome = new BrokerTls(tlsPlan, TlsProbe.handshake(s.provider(), broker.url(), tlsPlan));
                }
                ExternalBrokerProbe.probe(s.provider(), broker.url(), options.credentials(), tlsPlan);
                probed.put(key, outcome);
            }
            if (probed.get(key) != null) {
                tls.put(broker, probed.get(key));
            }
        }
        return tls;
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    private Report run() throws IOException, BrokerUnavailable {
        printPlan();
        DiskBenchmark.Result disk = measureDisk();
        List<PointResult> results = new ArrayList<>();
        String abortReason = null;
        BrokerUnavailable brokerFailure = null;
        try (Children runChildren = new Children(); SamplesLog samples = new SamplesLog(directory.samples())) {
            PointRunner runner = new PointRunner(plan, directory, signal, console, progress, agentSource,
                    options.credentials(), tls, samples, runChildren, options.metrics(), options.brokerLocator());
            RunPace pace = new RunPace(points.runsAtMost(), plannedSecondsPerRun());
            while (true) {
                if (signal.abortReason() != null) {
                    abortReason = signal.abortReason();
                    break;
                }
                PointSource.Scheduled next = points.next();
                if (next == null) {
                    break;
                }
                if (next.heading() != null) {
                    console.println(next.heading());
                }
                long pointStart = System.nanoTime();
                PointRunner.Outcome outcome;
                progress.pointStarting(new PointTicket(points.label(results.size() + 1),
                        next.point().scenario().phases(), points.exact() ? pace.secondsAfter(results.size() + 1)
                        : Double.NaN));
                try {
                    outcome = runner.run(next.point(), next.repeat());
                } finally {
                    progress.pointEnded();
                }
                pace.ran((System.nanoTime() - pointStart) / 1e9);
                results.add(outcome.result());
                if (options.metrics() != null) {
                    options.metrics().pointDone(outcome.result().judgement().verdict());
                }
                if (outcome.brokerFailure() != null) {
                    brokerFailure = outcome.brokerFailure();
                }
                String line = points.completed(next, outcome.result());
                abortReason = afterPoint(outcome.ending(), results.size());
                if (line != null) {
                    console.println(line);
                }
                if (abortReason != null) {
                    break;
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
        Report report = RunReports.of(plan, directory, scenarioFile, overrides, startedAt, disk, results, abortReason,
                points.search(abortReason));
        ReportWriter.write(report, directory.path());
        if (brokerFailure != null && results.size() <= 1) {
            throw brokerFailure;
        }
        return report;
    }

    /**
     * The failure policy: why the run stops after this point ({@code null}: it goes on). An abort
     * stops it; a failed point stops it too, unless {@code --on-failure continue}.
     */
    private String afterPoint(Ending ending, int done) {
        if (ending.kind() == Ending.Kind.INTERRUPTED) {
            return ending.sentence();
        }
        if (signal.abortReason() != null) {
            return signal.abortReason();
        }
        if (ending.completed()) {
            return null;
        }
        console.println("jmsbench: point failed: " + ending.sentence());
        if (!options.continueOnFailure()) {
            return ending.sentence() + points.skipped(done);
        }
        if (!points.skipped(done).isEmpty()) {
            console.println("jmsbench: going on with the next point (--on-failure continue)");
        }
        return null;
    }

    private DiskBenchmark.Result measureDisk() throws IOException {
        Scenario base = plan.base();
        if (!options.diskBenchmark() || !base.broker().isEmbedded() || !base.broker().persistent()) {
            return null;
        }
        Path root = PointBroker.dataRoot(base, directory);
        console.println("  disk     measuring " + root + " (writes, synced writes, reads; 4 KiB blocks, 3 s each)");
        DiskBenchmark.Result disk = DiskBenchmark.run(root, 4096, 64L * 1024 * 1024, Duration.ofSeconds(3));
        console.printf(Locale.ROOT, "  disk     %,.0f writes/s, %,.0f synced writes/s, %,.0f reads/s%n",
                disk.writes().perSecond(), disk.syncWrites().perSecond(), disk.reads().perSecond());
        return disk;
    }

    /** What one run of a point should take, before any has run: its timed phases and the usual overhead. */
    private double plannedSecondsPerRun() {
        Scenario base = plan.base();
        return base.phases().warmup().toSeconds() + base.phases().measure().toSeconds() + OVERHEAD_SECONDS_PER_POINT;
    }

    private void printPlan() {
        if (plan.search() != null) {
            console.println("  search   " + SearchPoints.describe(plan.search()));
            return;
        }
        if (plan.runs() == 1) {
            return;
        }
        double perRun = plannedSecondsPerRun();
        Scenario base = plan.base();
        console.printf("  plan     %d points x %d repeats = %d runs, about %.0f min (%s warm-up + %s measure + ~%.0f s "
                        + "start/drain/stop each)%n", plan.points().size(), plan.repeat(), plan.runs(),
                plan.runs() * perRun / 60, Durations.format(base.phases().warmup()),
                Durations.format(base.phases().measure()), OVERHEAD_SECONDS_PER_POINT);
        for (ScenarioPlan.Point p : plan.points()) {
            console.printf("           point %d: %s%n", p.index() + 1, p.parameters());
        }
    }
}
