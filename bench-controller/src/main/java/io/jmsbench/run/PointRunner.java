package io.jmsbench.run;

import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.agent.AgentException;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.run.judge.PointJudge;
import io.jmsbench.run.judge.PointResults;
import io.jmsbench.run.point.Gauges;
import io.jmsbench.run.point.PointClock;
import io.jmsbench.run.metrics.RunMetrics;
import io.jmsbench.run.faults.BrokerFaults;
import io.jmsbench.run.faults.IpLinks;
import io.jmsbench.run.point.Faults;
import io.jmsbench.run.point.PointDriver;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointObservation.Ending;
import io.jmsbench.run.progress.ProgressView;
import io.jmsbench.run.workers.AgentSource;
import io.jmsbench.run.workers.HttpWorkers;
import io.jmsbench.run.workers.PointAgents;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.Facts;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Sets up one point (its broker, unless shared, and its agents), has its driver run it, judges
 * what the driver observed and tears the point down. Every JVM the point started is stopped
 * before {@link #run} returns, whatever happened.
 */
final class PointRunner {

    /** A point's result, how it ended, and the broker's failure when that is what ended it. */
    record Outcome(PointResult result, Ending ending, BrokerUnavailable brokerFailure) {
    }

    private final ScenarioPlan plan;
    private final RunDirectory directory;
    private final RunSignal signal;
    private final PrintStream console;
    private final ProgressView progress;
    private final AgentSource agentSource;
    private final BrokerCredentials credentials;
    private final Map<BrokerSpec, BrokerTls> tls;
    private final SamplesLog samples;
    private final Children runChildren;
    private final RunMetrics metrics;
    private final int hostCores = Runtime.getRuntime().availableProcessors();
    private PointBroker shared;

    PointRunner(ScenarioPlan plan, RunDirectory directory, RunSignal signal, PrintStream console,
                ProgressView progress, AgentSource agentSource, BrokerCredentials credentials,
                Map<BrokerSpec, BrokerTls> tls, SamplesLog samples, Children runChildren, RunMetrics metrics) {
        this.tls = tls;
        this.plan = plan;
        this.directory = directory;
        this.signal = signal;
        this.console = console;
        this.progress = progress;
        this.agentSource = agentSource;
        this.credentials = credentials;
        this.samples = samples;
        this.runChildren = runChildren;
        this.metrics = metrics;
    }

    Outcome run(ScenarioPlan.Point point, int repeat) throws IOException {
        Scenario scenario = point.scenario();
        String suffix = severalRuns() ? "-p" + point.index() + "-r" + repeat : "";
        long pointStart = System.nanoTime();
        PointObservation observation = null;
        BrokerFacts brokerFacts = null;
        Ending ending = Ending.COMPLETED;
        BrokerUnavailable brokerFailure = null;
        PointBroker broker = null;
        try (Children children = new Children();
             PointLog log = new PointLog(point.index(), repeat, samples, progress,
                     directory.path().resolve("latency" + suffix + ".hlog"))) {
            AgentSource.Pending pending = agentSource.begin(children, suffix);
            broker = broker(scenario, children, suffix);
            BrokerTls brokerTls = tls.get(scenario.broker());
            brokerFacts = brokerTls == null ? broker.facts() : broker.facts().withTls(brokerTls.negotiated());
            PointAgents agents = pending.await(signal);
            try {
                Workers workers = new HttpWorkers(agents, broker.url(),
                        broker.process() != null ? Facts.host().bootId() : null);
                PointDriver driver = new PointDriver(scenario, workers, plans(scenario, broker.url()),
                        Gauges.local(broker.jvm()), PointClock.system(signal),
                        metrics == null ? log : metrics.observe(point.index(), repeat, log),
                        console, faults(scenario, broker));
                observation = driver.run(pointStart, brokerFacts);
            } finally {
                List<String> problems = new ArrayList<>();
                agentSource.end(agents, problems);
                problems.forEach(p -> console.println("jmsbench: " + p));
            }
        } catch (RunAborted e) {
            ending = Ending.aborted(e.getMessage());
        } catch (RunFailure | AgentException e) {
            ending = Ending.failed(e.getMessage());
        } catch (BrokerUnavailable e) {
            ending = Ending.failed(e.getMessage());
            brokerFailure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ending = Ending.aborted("interrupted");
        }
        if (observation == null) {
            observation = PointObservation.notStarted(ending, new PointEnvironment(brokerFacts, List.of(), Map.of()));
        } else if (observation.ending().completed() && signal.abortReason() != null) {
            observation = observation.withEnding(Ending.aborted(signal.abortReason()));
        }
        boolean reused = scenario.broker().reuse() && severalRuns();
        // the point's children are stopped by now, the broker with them: its counts are final
        BrokerCounts brokerCounts = broker == null || reused ? null : broker.readCounts();
        PointResult result = PointResults.of(observation, brokerCounts, new PointJudge(scenario, hostCores, reused), hostCores,
                scenario.filters(), point.parameters(), repeat);
        return new Outcome(result, observation.ending(), brokerFailure);
    }

    /**
     * The scenario's faults against the broker's JVM (validation admits those only with an embedded
     * broker) or this machine's network links, each of which must exist.
     */
    private static Faults faults(Scenario scenario, PointBroker broker) throws RunFailure {
        if (scenario.faults().isEmpty()) {
            return Faults.NONE;
        }
        boolean onProcess = scenario.faults().stream().anyMatch(f -> f.action().needsBrokerProcess());
        if (onProcess && (broker.jvm() == null || broker.process() == null)) {
            throw new RunFailure("the scenario's faults need the embedded broker's process, and it is not known");
        }
        IpLinks links = new IpLinks();
        for (int i = 0; i < scenario.faults().size(); i++) {
            String link = scenario.faults().get(i).link();
            String problem = link == null ? null : links.problem(link);
            if (problem != null) {
                throw new RunFailure("faults[" + i + "].link: " + problem);
            }
        }
        return new BrokerFaults(scenario.faults(), broker.jvm(), links);
    }

    /** A sweep, repeats or a search: each point's files get its own suffix. */
    private boolean severalRuns() {
        return plan.runs() > 1 || plan.search() != null;
    }

    private PointBroker broker(Scenario scenario, Children pointChildren, String suffix)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        if (!scenario.broker().reuse()) {
            return PointBroker.start(scenario, pointChildren, directory, suffix, signal, console);
        }
        if (shared == null) {
            shared = PointBroker.start(scenario, runChildren, directory, "", signal, console);
        }
        return shared;
    }

    private Workers.PlanFactory plans(Scenario scenario, String url) {
        String clientUrl = scenario.reconnects() ? Failover.url(scenario.provider(), url) : url;
        BrokerTls brokerTls = tls.get(scenario.broker());
        return (clients, clockOffsetNanos) -> PoolPlans.of(scenario, directory.runId(), clientUrl, clients,
                clockOffsetNanos, credentials, brokerTls == null ? null : brokerTls.plan());
    }
}
