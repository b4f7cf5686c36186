package io.jmsbench.cli;

import io.jmsbench.broker.TlsStoreCheck;
import io.jmsbench.run.BrokerLocator;
import io.jmsbench.run.progress.ProgressMode;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.workload.ExpectedReplication;
import picocli.CommandLine.Command;
import io.jmsbench.history.store.HistoryLocation;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario and write its results to results/<scenario>/<run-id>/.",
                "Starts the broker (embedded) or probes it (url), starts or contacts the agents, drives warm-up, "
                + "measurement and drain, and writes report.json, report.md, report.html, summary.csv, "
                + "samples.jsonl and logs/.",
                "Then records the run's points in the history of runs (OUT/history.db unless --history says "
                + "another, or off): a history that cannot be written is said on stderr, and changes neither the "
                + "run's results nor its exit code."},
        footer = {"", "Example: ./jmsbench run scenarios/quickstart.yaml"})
final class RunCommand implements Callable<Integer> {

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
            description = "The remote agents' token: the file 'jmsbench token' made, copied to every agent's machine "
                    + "(default: the " + AgentCommand.TOKEN_ENV + " environment variable, else ~/.jmsbench/token).")
    Path tokenFile;

    @Option(names = "--broker-credentials", paramLabel = "FILE",
            description = "Log in to the broker with the user= and password= of this properties file (default: the "
                    + BrokerLogin.USER_ENV + " and " + BrokerLogin.PASSWORD_ENV + " environment variables, else "
                    + "anonymous). Neither ever appears in a report or a log.")
    Path brokerCredentials;

    @Option(names = "--broker-port", paramLabel = "PORT",
            description = "The port an external broker on this machine listens on, when not its URL's (behind a "
                    + "proxy or a forwarded port): its process is found by that port and its CPU measured as the "
                    + "broker's, whatever it looks like.")
    Integer brokerPort;

    @Option(names = "--broker-pid", paramLabel = "PID",
            description = "The process id of an external broker on this machine: its CPU is measured as the broker's, "
                    + "whatever it looks like (without it, or --broker-port, the process on the URL's port is measured "
                    + "only when it looks like a broker, not a forwarder or a proxy).")
    Long brokerPid;

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

    @Mixin
    HistoryOptions history;

    @Mixin
    CommitOption commit;

    @Override
    public Integer call() throws IOException {
        RunRequest request;
        try {
            request = request();
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench run: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (ScenarioException e) {
            e.problems().stream().map(Problem::format).forEach(spec.commandLine().getErr()::println);
            return ExitCodes.BAD_INPUT;
        }
        return RunExitCode.of(RunLifecycle.run(request, spec.commandLine().getErr()), requireValid, requireClaims);
    }

    /** The options checked, in the order given here, and the scenario loaded with its overrides. */
    private RunRequest request() throws BadInput, ScenarioException {
        if (!onFailure.equals("abort") && !onFailure.equals("continue")) {
            throw new BadInput("--on-failure: expected abort or continue, found '" + onFailure + "'");
        }
        if (brokerPort != null && (brokerPort < 1 || brokerPort > 65535)) {
            throw new BadInput("--broker-port: expected a port from 1 to 65535, found " + brokerPort);
        }
        if (brokerPid != null && brokerPort != null) {
            throw new BadInput("--broker-pid and --broker-port both name the broker's process: give one");
        }
        if (brokerPid != null && !Files.isDirectory(Path.of("/proc", Long.toString(brokerPid)))) {
            throw new BadInput("--broker-pid: no process " + brokerPid + " on this machine");
        }
        PathOptions.outputDirectory("--out", out);
        PathOptions.input("--token-file", tokenFile, false);
        PathOptions.input("--broker-credentials", brokerCredentials, true);
        HistoryLocation historyLocation = history.location(out.resolve(HistoryLocation.DEFAULT_FILE));
        String commit = this.commit.commit(System.getenv());
        List<String> assignments = new ArrayList<>(overrides);
        assignments.addAll(AgentsOption.overrides(agents));
        // the TLS stores opened here too, as validate opens them: a wrong one is told at its line
        ScenarioPlan plan = ScenarioLoader.plan(file, assignments, List.of(ExpectedReplication::refuseNone,
                new TlsStoreCheck(System.getenv())));
        return new RunRequest(plan, file, assignments, out, progress, diskBenchmark, onFailure.equals("continue"),
                tokenFile, brokerCredentials, metricsPort, metricsAddress, new BrokerLocator(brokerPort, brokerPid),
                historyLocation, commit);
    }
}
