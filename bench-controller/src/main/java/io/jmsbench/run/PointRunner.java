package io.jmsbench.run;

import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.agent.AgentException;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.identity.BrokerIdentities;
import io.jmsbench.broker.identity.BrokerIdentity;
import io.jmsbench.broker.management.BrokerManagementClient;
import io.jmsbench.broker.management.DepthSampler;
import io.jmsbench.broker.management.ManagementClients;
import io.jmsbench.broker.management.ManagementUnavailable;
import io.jmsbench.broker.management.ManagementWindow;
import io.jmsbench.broker.management.Settling;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.run.judge.PointFacts;
import io.jmsbench.run.judge.PointResults;
import io.jmsbench.run.point.Gauges;
import io.jmsbench.run.point.PointClock;
import io.jmsbench.run.metrics.RunMetrics;
import io.jmsbench.run.faults.BrokerFaults;
import io.jmsbench.run.faults.IpLinks;
import io.jmsbench.run.point.Faults;
import io.jmsbench.run.point.PointDriver;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.point.Ending;
import io.jmsbench.run.progress.ProgressView;
import io.jmsbench.run.workers.AgentSource;
import io.jmsbench.run.workers.HttpWorkers;
import io.jmsbench.run.workers.PointAgents;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.Facts;

import io.jmsbench.run.jvm.Affinity;
import io.jmsbench.system.CpuList;

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
    private final int hostCores = CpuList.online().size();
    private final BrokerLocator brokerLocator;
    private final BrokerIdentities identities = new BrokerIdentities();
    private PointBroker shared;

    PointRunner(ScenarioPlan plan, RunDirectory directory, RunSignal signal, PrintStream console,
                ProgressView progress, AgentSource agentSource, BrokerCredentials credentials,
                Map<BrokerSpec, BrokerTls> tls, SamplesLog samples, Children runChildren, RunMetrics metrics,
                BrokerLocator brokerLocator) {
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
        this.brokerLocator = brokerLocator;
    }

    Outcome run(ScenarioPlan.Point point, int repeat) throws IOException {
        BrokerTls brokerTls = tlsOf(point.scenario().broker());
        BrokerIdentity identity = identities.of(point.scenario().broker(), point.scenario().provider(), credentials,
                brokerTls == null ? null : brokerTls.plan(), console);
        Scenario scenario = BrokerIdentities.known(point.scenario(), identity);
        boolean reused = scenario.broker().reuse() && severalRuns();
        PointPlan pointPlan = PointPlan.of(scenario, reused);
        String suffix = severalRuns() ? "-p" + point.index() + "-r" + repeat : "";
        long pointStart = System.nanoTime();
        PointObservation observation = null;
        BrokerFacts brokerFacts = null;
        Ending ending = Ending.COMPLETED;
        BrokerUnavailable brokerFailure = null;
        PointBroker broker = null;
        ManagementWindow.Result managed = null;
        try (Children children = new Children();
             PointLog log = new PointLog(point.index(), repeat, samples, progress,
                     directory.path().resolve("latency" + suffix + ".hlog"))) {
            PointCpus cpus = PointCpus.of(scenario);
            try (Affinity.Pin controller = cpus.pinController()) {
                AgentSource.Pending pending = agentSource.begin(children, suffix, cpus.partitions());
                broker = broker(scenario, children, suffix, cpus.broker());
                brokerFacts = BrokerIdentities.apply(brokerTls == null ? broker.facts()
                        : broker.facts().withTls(brokerTls.negotiated()), identity);
                PointAgents agents = pending.await(signal);
                Driven driven = drive(pointPlan, point, repeat, pointStart, log, broker, brokerFacts, agents,
                        cpus, suffix);
                observation = driven.observation();
                managed = driven.managed();
            }
        } catch (RunAborted e) {
            ending = Ending.interrupted(e.getMessage());
        } catch (RunFailure e) {
            ending = Ending.failed(e.getMessage());
        } catch (AgentException e) {
            ending = Ending.agentLost(e.getMessage());
        } catch (BrokerUnavailable e) {
            ending = Ending.brokerDown(e.getMessage());
            brokerFailure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ending = Ending.interrupted("interrupted");
        }
        if (observation == null) {
            observation = PointObservation.notStarted(ending, new PointEnvironment(brokerFacts, List.of(), Map.of()));
        } else if (observation.ending().completed() && signal.abortReason() != null) {
            observation = observation.withEnding(Ending.interrupted(signal.abortReason()));
        }
        // the point's children are stopped by now, the broker with them: its counts are final
        BrokerCounts brokerCounts = managed != null ? managed.counts()
                : broker == null || reused ? null : broker.readCounts();
        PointResult result = PointResults.of(PointFacts.of(pointPlan, observation, brokerCounts,
                managed == null ? null : managed.health(), hostCores), point.parameters(), repeat);
        return new Outcome(result, observation.ending(), brokerFailure);
    }

    /** What driving a point gave: the observation, and an external broker's own figures ({@code null}: none). */
    private record Driven(PointObservation observation, ManagementWindow.Result managed) {
    }

    /** Drives the point on its agents and broker; the agents' clients are closed however it ends. */
    private Driven drive(PointPlan pointPlan, ScenarioPlan.Point point, int repeat, long pointStart, PointLog log,
                         PointBroker broker, BrokerFacts brokerFacts, PointAgents agents,
                         PointCpus cpus, String suffix)
            throws RunFailure, RunAborted, AgentException, BrokerUnavailable, InterruptedException, IOException {
        Scenario scenario = pointPlan.scenario();
        BrokerTls brokerTls = tlsOf(scenario.broker());
        BrokerManagementClient.Opener opener = () -> ManagementClients.of(scenario.broker(), scenario.provider(),
                credentials, brokerTls == null ? null : brokerTls.plan());
        ManagementWindow management = scenario.broker().isEmbedded() ? null
                : managementWindow(opener, scenario.broker().purge() ? scenario.destination() : null);
        if (management != null && management.purged() != null) {
            console.println("  broker   " + management.purged());
        }
        ManagementWindow.Result managed = null;
        try (Affinity.Pin pinned = cpus.pinBroker(scenario, broker, console);
             DepthSampler depth = DepthSampler.start(management == null ? null : depthClient(opener))) {
            Workers workers = new HttpWorkers(agents, broker.url(),
                    broker.onThisHost() ? Facts.host().bootId() : null, cpus.partitions());
            PointDriver driver = new PointDriver(pointPlan, workers, plans(scenario, broker.url()),
                    Gauges.local(broker.gauged(), depth), PointClock.system(signal),
                    metrics == null ? log : metrics.observe(point.index(), repeat, log),
                    console, faults(scenario, broker), new StallInquiry(scenario, broker, agents, directory.logs(),
                    suffix, opener));
            PointObservation observation = driver.run(pointStart, brokerFacts);
            if (management != null && signal.abortReason() == null) { // Ctrl-C waits for no settling figures
                managed = management.close(settling(observation)); // before the clients go: RabbitMQ
                // deletes their queues with them
                if (managed.health().problem() != null) {
                    console.println("jmsbench: the broker's own figures were not read: " + managed.health().problem());
                }
            }
            return new Driven(cpus.placed(observation, broker, agents), managed);
        } finally {
            List<String> problems = new ArrayList<>();
            agentSource.end(agents, problems);
            problems.forEach(p -> console.println("jmsbench: " + p));
        }
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

    /** How long the broker's statistics may take to settle after this drain, and what is known at once. */
    private static Settling settling(PointObservation observation) {
        PointResult.Drain drain = observation.drainFigures();
        return drain == null ? Settling.UNKNOWN_END : Settling.after(drain.seconds(),
                drain.outcome() == io.jmsbench.report.DrainEnd.COMPLETE);
    }

    /** An external broker's own figures over the point, from its management interface, read from now on. */
    private static ManagementWindow managementWindow(BrokerManagementClient.Opener opener,
                                                     io.jmsbench.scenario.DestinationSpec purge)
            throws InterruptedException {
        try {
            return ManagementWindow.open(opener.open(), purge);
        } catch (ManagementUnavailable e) {
            return ManagementWindow.unreadable(e.getMessage());
        }
    }

    /** A client of its own for the sampled depth, beside the window's; {@code null} when none can be made. */
    private static BrokerManagementClient depthClient(BrokerManagementClient.Opener opener) {
        try {
            return opener.open();
        } catch (ManagementUnavailable e) {
            return null;
        }
    }

    /**
     * What the TLS probe of {@code broker} found: probed once per URL and TLS settings, whatever else
     * differs (its kind, as the scenario says it or as the broker told it).
     */
    private BrokerTls tlsOf(BrokerSpec broker) {
        return tls.entrySet().stream().filter(e -> java.util.Objects.equals(e.getKey().url(), broker.url())
                && java.util.Objects.equals(e.getKey().tls(), broker.tls())).map(Map.Entry::getValue).findFirst()
                .orElse(null);
    }

    /** A sweep, repeats or a search: each point's files get its own suffix. */
    private boolean severalRuns() {
        return plan.runs() > 1 || plan.search() != null;
    }

    private PointBroker broker(Scenario scenario, Children pointChildren, String suffix, CpuList cpus)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        if (!scenario.broker().reuse()) {
            return PointBroker.start(scenario, pointChildren, directory, suffix, signal, console, cpus, brokerLocator);
        }
        if (shared == null) {
            shared = PointBroker.start(scenario, runChildren, directory, "", signal, console, cpus, brokerLocator);
        }
        return shared;
    }

    private Workers.PlanFactory plans(Scenario scenario, String url) {
        String clientUrl = scenario.reconnects() ? Failover.url(scenario.provider(), url) : url;
        BrokerTls brokerTls = tlsOf(scenario.broker());
        return (clients, clockOffsetNanos) -> PoolPlans.of(scenario, directory.runId(), clientUrl, clients,
                clockOffsetNanos, credentials, brokerTls == null ? null : brokerTls.plan());
    }
}
