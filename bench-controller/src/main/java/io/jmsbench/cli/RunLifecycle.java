package io.jmsbench.cli;

import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.TlsSetup;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.report.Report;
import io.jmsbench.run.BenchmarkRun;
import io.jmsbench.run.metrics.MetricsServer;
import io.jmsbench.run.metrics.RunMetrics;
import io.jmsbench.run.progress.RunConsole;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.system.RunCgroup;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A run from its checked request to its printed summary: the console it draws on, the shutdown hook
 * that turns Ctrl-C or SIGTERM into an abort, the agents' token, the broker login, the metrics
 * endpoint, the run's cgroup where one can be made ({@link RunCgroup}), and {@link BenchmarkRun} itself. Each problem is said on stderr in one sentence, and how
 * the run ended is returned for its exit code.
 */
final class RunLifecycle {

    /** How long Ctrl-C waits for the run to stop its JVMs and write its report before exiting anyway. */
    private static final long ABORT_GRACE_SECONDS = 45;

    private final RunRequest request;
    private final PrintWriter err;

    private RunLifecycle(RunRequest request, PrintWriter err) {
        this.request = request;
        this.err = err;
    }

    static RunOutcome run(RunRequest request, PrintWriter err) throws IOException {
        return new RunLifecycle(request, err).run();
    }

    private RunOutcome run() throws IOException {
        RunConsole runConsole = RunConsole.open(request.progress(), System.out);
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
            Runtime.getRuntime().halt(RunExitCode.interrupted());
        }, "run-abort");
        Runtime.getRuntime().addShutdownHook(onSignal);
        try {
            String token;
            BrokerCredentials login;
            try {
                token = token();
            } catch (Tokens.TokenProblem e) {
                err.println("jmsbench: " + e.getMessage());
                return RunOutcome.REFUSED;
            }
            try {
                login = BrokerLogin.load(request.brokerCredentials(), System.getenv());
            } catch (BrokerLogin.LoginProblem e) {
                err.println("jmsbench run: " + e.getMessage());
                return RunOutcome.REFUSED;
            }
            RunMetrics metrics = request.metricsPort() == null ? null
                    : new RunMetrics(request.plan().base().name(), request.plan().runs());
            Report report;
            // the run's cgroup, joined before any JVM starts so every one is born in it (RunCgroup)
            try (RunCgroup group = RunCgroup.join(); MetricsServer server = serve(metrics)) {
                if (server != null) {
                    console.println("jmsbench: metrics at http://" + server.address().getHostString() + ":"
                            + server.address().getPort() + "/metrics");
                }
                report = BenchmarkRun.execute(request.plan(), request.scenarioFile(), request.assignments(),
                        request.out(), signal, runConsole, new BenchmarkRun.Options(request.diskBenchmark(),
                                request.continueOnFailure(), token, login, metrics, request.brokerLocator()));
            } catch (BadInput | TlsSetup.Problem e) {
                err.println("jmsbench run: " + e.getMessage());
                return RunOutcome.REFUSED;
            }
            Summary.print(report, request.out(), console);
            RunHistory.record(request.history(), request.commit(), report, request.out()
                    .resolve(report.scenario().name()).resolve(report.runId()), console, err, System.getenv());
            return RunOutcome.finished(report);
        } catch (BrokerUnavailable | RunFailure e) {
            err.println("jmsbench: " + e.getMessage());
            return RunOutcome.FAILED;
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

    /** The listed agents' token; {@code null} when every agent runs in this process or is started here. */
    private String token() throws Tokens.TokenProblem {
        return request.plan().base().agents().listed()
                ? Tokens.forController(request.tokenFile(), System.getenv(AgentCommand.TOKEN_ENV)) : null;
    }

    /** The metrics endpoint, listening; {@code null} when none was asked for. */
    private MetricsServer serve(RunMetrics metrics) throws BadInput {
        if (metrics == null) {
            return null;
        }
        int port = request.metricsPort();
        if (port < 0 || port > 65535) {
            throw new BadInput("--metrics-port: expected a port from 0 to 65535, found " + port);
        }
        try {
            return new MetricsServer(new InetSocketAddress(InetAddress.getByName(request.metricsAddress()), port),
                    metrics::scrape);
        } catch (UnknownHostException e) {
            throw new BadInput("--metrics-address: expected an address of this machine such as 127.0.0.1 or "
                    + "0.0.0.0, found '" + request.metricsAddress() + "'");
        } catch (IOException e) {
            throw new BadInput("--metrics-port " + port + ": cannot listen on " + request.metricsAddress() + ":"
                    + port + ": " + e.getMessage());
        }
    }
}
