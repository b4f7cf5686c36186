package io.jmsbench.cli;

import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.report.claims.ClaimVerdict;
import io.jmsbench.report.Report;
import io.jmsbench.run.BenchmarkRun;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.progress.ProgressMode;
import io.jmsbench.run.progress.RunConsole;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioLoader;
import io.jmsbench.workload.ExpectedReplication;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import io.jmsbench.run.metrics.MetricsServer;
import io.jmsbench.run.metrics.RunMetrics;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario and write its results to results/<scenario>/<run-id>/.",
                "Starts the broker (embedded) or probes it (url), starts or contacts the agents, drives warm-up, "
                + "measurement and drain, and writes report.json, report.md, report.html, summary.csv, "
                + "samples.jsonl and logs/."},
        footer = {"", "Example: ./jmsbench run scenarios/quickstart.yaml"})
final class RunCommand implements java.util.concurrent.Callable<Integer> {

    /** How long Ctrl-C waits for the run to stop its JVMs and write its report before exiting anyway. */
    private static final long ABORT_GRACE_SECONDS = 45;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SCENARIO", description = "Scenario YAML file.")
    Path file;

    @Option(names = "--out", defaultValue = "results", paramLabel = "DIR",
            description = "Directory for results (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a scenario field, e.g. --set publishers.clients=4 --set phases.measure=30s.")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--disk-benchmark",
            description = "Before a persistent embedded-broker run, measure the disk under the broker's store "
                    + "(as 'jmsbench disk') and record it in the report.")
    boolean diskBenchmark;

    @Option(names = "--agents", paramLabel = "ROLE=HOST:PORT[,HOST:PORT...]",
            description = {"Run the clients on agents already serving on other machines (jmsbench agent --listen), "
                    + "instead of the scenario's agents section; ROLE is publishers, subscribers or monitor (the "
                    + "broker's host), e.g. --agents publishers=10.0.0.3:7100 --agents subscribers=10.0.0.4:7100,"
                    + "10.0.0.5:7100 --agents monitor=10.0.0.2:7100."})
    List<String> agents = new ArrayList<>();

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The remote agents' token (default: the " + AgentCommand.TOKEN_ENV + " environment "
                    + "variable, else ~/.jmsbench/token).")
    Path tokenFile;

    @Option(names = "--broker-credentials", paramLabel = "FILE",
            description = "Log in to the broker with the user= and password= of this properties file (default: the "
                    + BrokerLogin.USER_ENV + " and " + BrokerLogin.PASSWORD_ENV + " environment variables, else "
                    + "anonymous). Neither ever appears in a report or a log.")
    Path brokerCredentials;

    @Option(names = "--on-failure", defaultValue = "abort", paramLabel = "abort|continue",
            description = "When a point fails (an agent lost, the broker dead, a stall): skip the remaining points "
                    + "(abort, the default) or go on with the next one (continue). Either way the failed point is "
                    + "kept in the report, invalid, with its reason.")
    String onFailure;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "While the run goes, serve its rates, latency, CPU, phase and verdicts so far in Prometheus's "
                    + "text format at http://ADDRESS:PORT/metrics (0: any free port, printed). Off by default.")
    Integer metricsPort;

    @Option(names = "--metrics-address", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address the metrics endpoint listens on (default: ${DEFAULT-VALUE}, this machine only).")
    String metricsAddress;

    @Option(names = "--progress", paramLabel = "auto|bar|plain|none", defaultValue = "auto",
            converter = ProgressModes.class,
            description = "How the run shows its progress: bar, one line per point that rewrites itself (phase, elapsed "
                    + "and left, rates, point k of n, the estimated end); plain, a line every 5 s and at each phase "
                    + "change, for logs; none; or auto (the default), a bar on a terminal and plain lines otherwise.")
    ProgressMode progress;

    @Option(names = "--require-valid", description = "Exit with code 5 when any point is invalid, or a search found no rate its repeat confirmed "
            + "(default: report it, exit 0).")
    boolean requireValid;

    @Option(names = "--require-claims", description = "Exit with code 7 when a claim of the scenario (expect:) is "
            + "contradicted, 6 when one is inconclusive (default: report the verdicts, exit 0).")
    boolean requireClaims;

    /** The metrics endpoint could not listen where it was told: one sentence, exit code 2. */
    private static final class MetricsUnavailable extends Exception {
        MetricsUnavailable(String message) {
            super(message, null, false, false);
        }
    }

    private MetricsServer serve(RunMetrics metrics) throws MetricsUnavailable {
        if (metrics == null) {
            return null;
        }
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new MetricsUnavailable("--metrics-port: expected a port from 0 to 65535, found " + metricsPort);
        }
        try {
            return new MetricsServer(new InetSocketAddress(InetAddress.getByName(metricsAddress), metricsPort),
                    metrics::scrape);
        } catch (java.net.UnknownHostException e) {
            throw new MetricsUnavailable("--metrics-address: expected an address of this machine such as 127.0.0.1 or "
                    + "0.0.0.0, found '" + metricsAddress + "'");
        } catch (IOException e) {
            throw new MetricsUnavailable("--metrics-port " + metricsPort + ": cannot listen on " + metricsAddress + ":"
                    + metricsPort + ": " + e.getMessage());
        }
    }

    /**
     * What {@code --require-valid} asks: every point valid; for a search, whose steps above the
     * capacity are meant to fail, a passing rate that its repeat confirmed.
     */
    private static boolean acceptable(Report report) {
        if (report.search() != null) {
            return Report.COMPLETED.equals(report.status()) && report.search().answer().rate() != null
                    && Boolean.TRUE.equals(report.search().answer().confirmed());
        }
        return report.valid();
    }

    /** What {@code --require-claims} asks: 7 when any claim is contradicted, else 6 when any is inconclusive. */
    private static int claimsExit(Report report) {
        if (report.claims().stream().anyMatch(c -> c.verdict() == ClaimVerdict.CONTRADICTED)) {
            return ExitCodes.CLAIM_CONTRADICTED;
        }
        return report.claims().stream().anyMatch(c -> c.verdict() == ClaimVerdict.INCONCLUSIVE)
                ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
    }

    @Override
    public Integer call() throws IOException {
        if (!onFailure.equals("abort") && !onFailure.equals("continue")) {
            spec.commandLine().getErr().println("jmsbench run: --on-failure: expected abort or continue, found '"
                    + onFailure + "'");
            return ExitCodes.BAD_INPUT;
        }
        List<String> assignments = new ArrayList<>(overrides);
        try {
            PathOptions.outputDirectory("--out", out);
            PathOptions.input("--token-file", tokenFile, false);
            PathOptions.input("--broker-credentials", brokerCredentials, true);
            assignments.addAll(AgentsOption.overrides(agents));
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench run: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        ScenarioPlan plan;
        try {
            plan = ScenarioLoader.plan(file, assignments, List.of(ExpectedReplication::refuseNone));
        } catch (ScenarioException e) {
            e.problems().stream().map(Problem::format).forEach(spec.commandLine().getErr()::println);
            return ExitCodes.BAD_INPUT;
        }
        RunConsole runConsole = RunConsole.open(progress, System.out);
        PrintStream console = runConsole.out();
        RunSignal signal = new RunSignal();
        CountDownLatch finished = new CountDownLatch(1);
        Thread onSignal = new Thread(() -> {
            signal.abort("interrupted by a signal (Ctrl-C or SIGTERM)");
            try {
                finished.await(ABORT_GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            console.flush();
            Runtime.getRuntime().halt(ExitCodes.RUN_FAILED);
        }, "run-abort");
        Runtime.getRuntime().addShutdownHook(onSignal);
        try {
            String token = null;
            if (plan.base().agents().remote()) {
                try {
                    token = Tokens.forController(tokenFile, System.getenv(AgentCommand.TOKEN_ENV));
                } catch (Tokens.TokenProblem e) {
                    spec.commandLine().getErr().println("jmsbench: " + e.getMessage());
                    return ExitCodes.BAD_INPUT;
                }
            }
            io.jmsbench.jms.BrokerCredentials login;
            try {
                login = BrokerLogin.load(brokerCredentials, System.getenv());
            } catch (BrokerLogin.LoginProblem e) {
                spec.commandLine().getErr().println("jmsbench run: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            RunMetrics metrics = metricsPort == null ? null : new RunMetrics(plan.base().name(), plan.runs());
            Report report;
            try (MetricsServer server = serve(metrics)) {
                if (server != null) {
                    console.println("jmsbench: metrics at http://" + server.address().getHostString() + ":"
                            + server.address().getPort() + "/metrics");
                }
                report = BenchmarkRun.execute(plan, file, assignments, out, signal, runConsole,
                        new BenchmarkRun.Options(diskBenchmark, onFailure.equals("continue"), token, login, metrics));
            } catch (MetricsUnavailable e) {
                spec.commandLine().getErr().println("jmsbench run: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            Summary.print(report, out, console);
            if (!Report.COMPLETED.equals(report.status())) {
                return ExitCodes.RUN_FAILED;
            }
            if (requireValid && !acceptable(report)) {
                return ExitCodes.INVALID_RESULT;
            }
            return requireClaims ? claimsExit(report) : ExitCodes.OK;
        } catch (BrokerUnavailable | RunFailure e) {
            spec.commandLine().getErr().println("jmsbench: " + e.getMessage());
            return ExitCodes.RUN_FAILED;
        } finally {
            runConsole.close();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it exits with RUN_FAILED once it sees finished
            }
        }
    }
}
