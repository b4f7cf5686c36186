package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.GroupStickiness;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.protocol.BrokerProcessMissing;
import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.BrokerHealth;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.report.ClosedLoop;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.system.CgroupCpu;
import io.jmsbench.system.ListeningProcess;
import io.jmsbench.system.ProcessLook;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.point.Collected;
import io.jmsbench.run.point.Drained;
import io.jmsbench.run.point.Faults.FaultEvent;
import io.jmsbench.run.point.Gauges.Reading;
import io.jmsbench.run.point.Ending;
import io.jmsbench.run.point.StallWitness;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.point.Snapshot;
import io.jmsbench.run.point.Warmup;
import io.jmsbench.run.point.Window;
import io.jmsbench.run.workers.Placement;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessCensus;
import io.jmsbench.system.ProcessResources;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import io.jmsbench.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import static io.jmsbench.verdict.FindingCode.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every validity rule, judged on observations built by hand: no broker, no JVM. A point of the
 * baseline observation is valid; each test changes one thing and names the finding it must give.
 */
@Timeout(10)
class PointJudgeTest {

    private static final long S = 1_000_000_000L;
    private static final Placement LOCAL = Placement.sharedHost(List.of(), null);

    /** What the tests change in the baseline: a 10 s window at 1,000 msgs/s, a busy shared host. */
    private static final class Spec {
        List<String> overrides = List.of();
        /** More of the scenario, after the baseline's fields. */
        String moreYaml = "";
        /** The subscriber groups, as the list's lines. */
        String subscribers = "  - {clients: 1}";
        List<FaultEvent> faults = List.of();
        Ending ending = Ending.COMPLETED;
        long windowSent = 10_000;
        long windowReceived = 10_000;
        long totalSent = 20_000;
        long totalReceived = 20_000;
        long sendErrors;
        long receiveErrors;
        boolean brokerReused;
        double hostBusy = 0.99;
        /** Each CPU's busy share over the window; {@code null}: every CPU at {@link #hostBusy}. */
        double[] cpuBusy;
        int hostCores = 2;
        /** Cores other processes' threads used in the window, on CPU 0; kernel threads' likewise. */
        double foreignCores;
        double kernelCores = 0.1;
        /** The messages the broker held at the window's start and end, as its management said; -1: unknown. */
        long[] brokerDepth = {-1, -1};
        double publisherCores = 0.5;
        /** The broker's and the subscriber agent's cores: with the publishers', the run's own load. */
        double brokerCores = 1.15;
        double subscriberCores = 0.3;
        /** Per CPU, the cores of the run's cgroup and of every task, as cpuacct counted them; {@code null}: no cgroup. */
        double[] cgroupRun;
        double[] cgroupAll;
        Drain drain = new Drain(DrainEnd.COMPLETE, 0.5, 20_000, 20_000);
        AuditCounts audit = new AuditCounts(0, 0, 0, 0, 0, 1, 1, false);
        RoundTrip roundTrip;
        Placement placement = LOCAL;
        Map<String, double[]> hosts = Map.of(); // agent -> busy share, for separate hosts
        /** The broker's process as the monitor read it at the window's start and end; {@code null}: not reported. */
        BrokerProcessSample[] monitoredBroker;
        boolean window = true;
        BrokerCounts brokerCounts = new BrokerCounts("test", 20_000, 20_000, 20_000, 0, 0);
        /** What an external broker's management interface said; {@code null}: nothing asked (embedded). */
        BrokerHealth brokerHealth;
        boolean brokerCpuKnown = true;
        /** The process found on an external broker's port of this machine; {@code null}: none (embedded). */
        ListeningProcess brokerProcess;
        WarmupEnd warmupEnd = WarmupEnd.TIME;
        /** What a closed loop found ({@code rate: sustainable}); {@code null}: none ran. */
        ClosedLoop loop;
        WindowEnd windowEnd = WindowEnd.TIME;
        /** The window's seconds by the agents' clocks (their readings at its edges); the controller's are 10. */
        double windowSeconds = 10;
        /** The window's seconds; {@code null}: ten seconds at the window's rates, each ±1% (see {@link #seconds}). */
        List<IntervalSample> samples;
        LatencyFigures latency = new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, LatencyFigures.ACTUAL);
    }

    private static Counters counters(long nanos, String client, long messages, long errors, double cores) {
        return new Counters(nanos, 0, Math.round(nanos * cores), 0, 0,
                List.of(new ClientCount(client, messages, errors, errors > 0 ? "refused" : null)), HostSample.UNKNOWN);
    }

    private static Snapshot snapshot(long nanos, long sent, long received, Spec spec, Map<String, HostSample> hosts,
                                     boolean end) {
        long brokerCpu = spec.brokerCpuKnown ? Math.round(nanos * spec.brokerCores) : -1;
        long agents = end ? nanos - 10 * S + Math.round(spec.windowSeconds * S) : nanos;
        return new Snapshot(nanos, counters(agents, "pub-0", sent, 0, spec.publisherCores),
                counters(agents, "sub-0-0", received, 0, spec.subscriberCores), null, new Reading(brokerCpu, 0,
                ProcessResources.UNKNOWN, hostCpu(nanos, spec, end), 0, census(spec, end),
                spec.brokerDepth[end ? 1 : 0], cgroup(spec, end)), hosts);
    }

    /** The cgroup counts: at the window's end each CPU's cores over its 10 s. */
    private static CgroupCpu cgroup(Spec spec, boolean end) {
        if (spec.cgroupRun == null) {
            return CgroupCpu.NONE;
        }
        long[] run = new long[spec.cgroupRun.length];
        long[] all = new long[spec.cgroupAll.length];
        for (int c = 0; c < run.length; c++) {
            run[c] = end ? Math.round(spec.cgroupRun[c] * 10e9) : 0;
            all[c] = end ? Math.round(spec.cgroupAll[c] * 10e9) : 0;
        }
        return new CgroupCpu(run, all);
    }

    /** The host's ticks: at the window's end each CPU busy its share of the 10 s (1,000 ticks) since its start. */
    private static HostCpu hostCpu(long nanos, Spec spec, boolean end) {
        if (Double.isNaN(spec.hostBusy)) {
            return new HostCpu(0, 0); // what HostCpu.read() gives without /proc/stat
        }
        List<HostCpu.CpuTicks> cpus = new ArrayList<>();
        long busy = 0;
        for (int c = 0; c < spec.hostCores; c++) {
            double share = spec.cpuBusy != null ? spec.cpuBusy[c] : spec.hostBusy;
            long ticks = end ? Math.round(share * 1000) : 0;
            cpus.add(new HostCpu.CpuTicks(c, ticks, end ? 30 : 0));
            busy += ticks;
        }
        return new HostCpu(busy, nanos / 10_000_000 * spec.hostCores, cpus);
    }

    /** One other process's thread and one kernel thread, both last on CPU 0. */
    private static ProcessCensus census(Spec spec, boolean end) {
        return new ProcessCensus(Map.of(
                900L, new ProcessCensus.ProcessTicks(900, false, 5, end ? Math.round(spec.foreignCores * 1000) : 0, 0,
                        "bash"),
                901L, new ProcessCensus.ProcessTicks(901, true, 1, end ? Math.round(spec.kernelCores * 1000) : 0, 0)),
                end ? 3000 : 2000);
    }

    /** Ten seconds of the window at its rates, alternately 1% above and below. */
    private static List<IntervalSample> seconds(Spec spec) {
        List<IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double wobble = i % 2 == 0 ? 1.01 : 0.99;
            double sent = spec.windowSent / 10.0 * wobble;
            double received = spec.windowReceived / 10.0 * wobble;
            window.add(new IntervalSample(21 + i, "measure", Math.round(sent), sent,
                    Math.round(received), received, 1, 0.5, 0.3, 0.99));
        }
        return window;
    }

    private static List<Finding> judge(Spec spec) throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                name: judge
                destination: {type: topic, name: t}
                publishers: {clients: 1, rate: max}
                subscribers:
                """ + spec.subscribers + "\n" + """
                phases: {warmup: 20s, measure: 10s, drain: 10s}
                """ + spec.moreYaml, "judge.yaml", "judge", spec.overrides);
        Map<String, HostSample> before = new LinkedHashMap<>();
        Map<String, HostSample> after = new LinkedHashMap<>();
        spec.hosts.forEach((agent, busy) -> {
            before.put(agent, new HostSample(0, 1000, 0, 0, 0, 0));
            after.put(agent, Double.isNaN(busy[0]) ? HostSample.UNKNOWN
                    : new HostSample(Math.round(busy[0] * 1000) + 0, 2000, 0, 0, 0, 0));
        });
        after.replaceAll((k, v) -> v == HostSample.UNKNOWN ? v
                : new HostSample(v.cpuBusyTicks(), v.cpuTotalTicks(), 0, 0, 0, 0));
        if (spec.monitoredBroker != null) {
            before.computeIfPresent(Workers.BROKER_HOST, (k, v) -> v.withBrokerProcess(spec.monitoredBroker[0]));
            after.computeIfPresent(Workers.BROKER_HOST, (k, v) -> v.withBrokerProcess(spec.monitoredBroker[1]));
        }
        Snapshot start = spec.window ? snapshot(20 * S, 10_000, 10_000, spec, before, false) : null;
        Snapshot end = spec.window ? snapshot(30 * S, 10_000 + spec.windowSent, 10_000 + spec.windowReceived, spec,
                after, true) : null;
        Counters sent = new Counters(40 * S, 0, 0, 0, 0, List.of(new ClientCount("pub-0", spec.totalSent,
                spec.sendErrors, spec.sendErrors > 0 ? "refused" : null)), HostSample.UNKNOWN);
        Counters got = new Counters(41 * S, 0, Math.round(41 * S * 0.3), 0, 0, List.of(new ClientCount("sub-0-0",
                spec.totalReceived, spec.receiveErrors, spec.receiveErrors > 0 ? "gone" : null)), HostSample.UNKNOWN);
        PointObservation o = new PointObservation(spec.ending, null,
                spec.warmupEnd == null ? null : new Warmup(spec.warmupEnd, 20, Double.NaN, start, 20 * S, null,
                        spec.loop),
                spec.window ? new Window(start, end, spec.windowEnd, spec.latency, null, null) : null,
                spec.drain == null ? null : new Drained(spec.drain, got, spec.audit, null, spec.roundTrip),
                new Collected(sent, got, null, null, spec.samples != null ? spec.samples : seconds(spec), spec.faults,
                        spec.placement, spec.brokerProcess == null ? PointEnvironment.NONE
                        : new PointEnvironment(new BrokerFacts("external activemq", "unknown", "tcp://localhost:47616",
                        null, null, null, null, spec.brokerProcess, null), List.of(), Map.of())));
        return PointJudge.judge(PointFacts.of(PointPlan.of(scenario, spec.brokerReused), o, spec.brokerCounts,
                spec.brokerHealth, spec.hostCores));
    }

    private static List<FindingCode> codes(Spec spec) throws Exception {
        return judge(spec).stream().map(Finding::code).toList();
    }

    private static List<FindingCode> invalid(Spec spec) throws Exception {
        return judge(spec).stream().filter(Finding::invalid).map(Finding::code).toList();
    }

    @Test
    void theBaselineIsValidWithOnlyTheSharedHostNote() throws Exception {
        assertEquals(List.of(SHARED_HOST), codes(new Spec()));
    }

    /** One rule: the change to the baseline that should break it, and every code the point then carries. */
    private record Rule(FindingCode code, String change, Consumer<Spec> apply, List<FindingCode> expected) {
    }

    private static Rule rule(FindingCode code, String change, Consumer<Spec> apply, FindingCode... expected) {
        return new Rule(code, change, apply, List.of(expected));
    }

    /** A profile that holds the baseline's 1,000 msgs/s. */
    private static final String HELD_PROFILE = "publishers.rate=[{rate: 1000}]";

    private static final String PAUSES = "faults:\n  - {action: pause-broker, at: 5s, every: 10s, times: 2}\n";
    private static final Placement TESTBED = Placement.separateHosts(List.of(), true);

    private static Placement partitioned(CpuList broker, CpuList publishers, CpuList subscribers) {
        CpuList mask = broker.union(publishers).union(subscribers);
        return Placement.partitioned(List.of(), CpuPartitions.of("lists", broker, publishers, subscribers, mask));
    }

    /**
     * The rule table: one row per {@link FindingCode} of every severity, each a change to the
     * baseline and the whole list of codes the point must then carry, in the judge's order.
     */
    private static final List<Rule> RULES = List.of(
            rule(ABORTED, "the point failed", s -> s.ending = Ending.agentLost("publisher-agent is stale"), SHARED_HOST,
                    ABORTED),
            rule(STALLED, "the publishers sent nothing for 15 s", s -> s.ending = new Ending.Stalled(
                    Duration.ofSeconds(15), StallWitness.Testimony.NONE, null), SHARED_HOST, STALLED),
            rule(WINDOW_NOT_COMPLETED, "no window", s -> s.window = false, SHARED_HOST, WINDOW_NOT_COMPLETED),
            rule(NO_MESSAGES_IN_WINDOW, "nothing sent in the window", s -> {
                s.windowSent = 0;
                s.windowReceived = 0;
            }, SHARED_HOST, NO_MESSAGES_IN_WINDOW),
            rule(TARGET_RATE_MISSED, "1,000 of 2,000 msgs/s", s -> s.overrides = List.of("publishers.rate=2000"),
                    SHARED_HOST, TARGET_RATE_MISSED),
            rule(SEND_ERRORS, "3 sends failed", s -> s.sendErrors = 3, SHARED_HOST, SEND_ERRORS),
            rule(RECEIVE_ERRORS, "2 receives failed", s -> s.receiveErrors = 2, SHARED_HOST, RECEIVE_ERRORS),
            rule(PERSISTENT_MESSAGES_LOST, "7 persistent messages lost", s -> {
                s.overrides = List.of("delivery.persistent=true", "delivery.durable=true");
                s.audit = new AuditCounts(7, 0, 0, 0, 0, 1, 1, false);
            }, SHARED_HOST, PERSISTENT_MESSAGES_LOST),
            rule(DUPLICATES, "5 duplicates, auto ack", s -> s.audit = new AuditCounts(0, 5, 0, 0, 0, 1, 1, false),
                    SHARED_HOST, DUPLICATES),
            rule(DRAIN_TIMEOUT, "the drain timed out", s -> s.drain = new Drain(DrainEnd.TIMEOUT, 10, 20_000, 19_000),
                    SHARED_HOST, DRAIN_TIMEOUT),
            rule(DRAIN_INCOMPLETE, "the drain went quiet", s -> s.drain = new Drain(DrainEnd.QUIET, 2, 20_000, 19_000),
                    SHARED_HOST, DRAIN_INCOMPLETE),
            rule(OUT_OF_ORDER, "44 messages after a later one of their publisher, none redelivered",
                    s -> s.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false), SHARED_HOST, OUT_OF_ORDER),
            rule(REPLICATION_GRADE_MISMATCH, "5% of the copies never came", s -> {
                s.totalReceived = 19_000;
                s.brokerCounts = counts(20_000, 19_000, 0, 0);
            }, SHARED_HOST, REPLICATION_GRADE_MISMATCH),
            rule(CPU_RULE_BROKER, "the shared host half idle", s -> s.hostBusy = 0.5, SHARED_HOST, CPU_RULE_BROKER),
            rule(HOST_CPU_NOT_MEASURED, "no /proc/stat to read the shared host's busy share", s -> s.hostBusy = Double.NaN,
                    SHARED_HOST, HOST_CPU_NOT_MEASURED),
            rule(FOREIGN_LOAD_NOT_CHECKED, "agents started apart, sharing this machine with the broker", s -> {
                s.placement = Placement.sharedKernel(List.of());
                s.foreignCores = 0.4; // not counted: here the census cannot tell the agents' JVMs from others'
            }, SHARED_HOST, FOREIGN_LOAD_NOT_CHECKED),
            rule(CPU_RULE_BROKER_UNKNOWN, "the broker host's monitor did not answer", s -> {
                s.placement = TESTBED;
                s.hosts = Map.of(Workers.BROKER_HOST, new double[] {Double.NaN});
            }, CPU_RULE_BROKER_UNKNOWN),
            rule(CPU_RULE_CLIENT, "the publisher agent took 1.8 cores", s -> s.publisherCores = 1.8, SHARED_HOST,
                    CPU_RULE_CLIENT),
            rule(CPU_RULE_FOREIGN_LOAD, "another process's threads took 0.4 cores", s -> s.foreignCores = 0.4,
                    SHARED_HOST, CPU_RULE_FOREIGN_LOAD),
            rule(NEVER_STEADY, "an auto warm-up at its bound", s -> {
                s.overrides = List.of("phases.warmup=auto");
                s.warmupEnd = WarmupEnd.BOUND;
            }, SHARED_HOST, NEVER_STEADY),
            rule(NOT_STEADY, "the backlog grew in a capacity window", s -> s.windowReceived = 5_000, SHARED_HOST,
                    NOT_STEADY),
            rule(NOT_CONVERGED, "a closed loop that reached the warm-up's bound", s -> {
                s.overrides = List.of("publishers.rate=sustainable");
                s.warmupEnd = WarmupEnd.NOT_CONVERGED;
                s.loop = new ClosedLoop(false, 1_000, 1_000, 2_000, 20, List.of(), "not converged within the "
                        + "warm-up (20 s, 6 steps)");
            }, SHARED_HOST, NOT_CONVERGED),
            rule(BROKER_CPU_NOT_MEASURED, "an external broker, no monitor", s -> {
                s.brokerCpuKnown = false;
                s.hostBusy = 0.5;
            }, SHARED_HOST, BROKER_CPU_NOT_MEASURED),
            rule(BROKER_PROCESS_NOT_A_BROKER, "socat on the broker's port, not measured", s -> {
                s.brokerCpuKnown = false;
                s.brokerProcess = new ListeningProcess(4242, "socat").with(ProcessLook.of("socat",
                        List.of("socat", "TCP-LISTEN:47616,fork", "TCP:127.0.0.1:61616")));
            }, SHARED_HOST, BROKER_PROCESS_NOT_A_BROKER),
            rule(WINDOW_TOO_SHORT, "a window without seconds", s -> s.samples = List.of(), SHARED_HOST,
                    WINDOW_TOO_SHORT),
            rule(STEADINESS_NOT_SHOWN, "a capacity window whose seconds cannot tell whether the backlog moved",
                    s -> s.samples = unevenDeliveries(s, 0.3), SHARED_HOST, STEADINESS_NOT_SHOWN, INTERVAL_CORRELATED),
            rule(BROKER_COUNT_MISMATCH, "the broker took in fewer than were sent",
                    s -> s.brokerCounts = counts(19_000, 20_000, 0, 0), SHARED_HOST, BROKER_COUNT_MISMATCH),
            rule(FAULT_NOT_INJECTED, "a pause that failed", s -> {
                s.moreYaml = PAUSES;
                s.faults = List.of(new FaultEvent("pause-broker", 5, 0, "kill -STOP failed"));
            }, SHARED_HOST, FAULTS_INJECTED, FAULT_NOT_INJECTED),
            rule(BROKER_COUNTS_NOT_READ, "the broker's counts unread", s -> s.brokerCounts = null, SHARED_HOST,
                    BROKER_COUNTS_NOT_READ),
            rule(BROKER_ALARM, "RabbitMQ's memory alarm up at the point's end", s -> s.brokerHealth = new BrokerHealth(
                    "test", List.of("node rabbit@h: mem_alarm (mem_used 900 of mem_limit 800 bytes)"), List.of(), -1,
                    null), SHARED_HOST, BROKER_ALARM),
            rule(BROKER_FLOW_CONTROL, "ActiveMQ blocked 12 sends", s -> s.brokerHealth = new BrokerHealth("test",
                    List.of(), List.of(), 12, null), SHARED_HOST, BROKER_FLOW_CONTROL),
            rule(BROKER_MANAGEMENT_NOT_READ, "the management API refused the login", s -> {
                s.brokerCounts = null;
                s.brokerHealth = BrokerHealth.unreadable("test", "RabbitMQ's management API refused the login (401)");
            }, SHARED_HOST, BROKER_COUNTS_NOT_READ, BROKER_MANAGEMENT_NOT_READ),
            rule(DESTINATION_NOT_EMPTY, "the point's queue held 1,200 messages before it, another queue 7", s -> {
                s.overrides = List.of("destination.name=bench.left");
                s.brokerCounts = new BrokerCounts("test", 20_000, 20_000, 20_000, 0, 0)
                        .withHeldBefore(Map.of("queue bench.left", 1_200L, "queue other", 7L));
            }, SHARED_HOST, DESTINATION_NOT_EMPTY),
            rule(NOT_WARMED_UP, "a 2 s warm-up", s -> s.overrides = List.of("phases.warmup=2s"), NOT_WARMED_UP,
                    SHARED_HOST),
            rule(UNSTAMPED, "unstamped messages", s -> {
                s.overrides = List.of("message.stamped=false");
                s.audit = null;
            }, UNSTAMPED, SHARED_HOST),
            rule(BROKER_REUSED, "one broker for every point", s -> s.brokerReused = true, BROKER_REUSED, SHARED_HOST),
            rule(SHARED_HOST, "the baseline: everything on this machine", s -> { }, SHARED_HOST),
            rule(PARTITIONED_HOST, "the broker on CPU 0, the clients on CPU 1", s -> {
                s.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
                s.cpuBusy = new double[] {0.99, 0.6};
            }, PARTITIONED_HOST),
            rule(BROKER_HOST_NOT_MONITORED, "agents on machines of their own, no monitor",
                    s -> s.placement = Placement.separateHosts(List.of(), false), BROKER_HOST_NOT_MONITORED),
            rule(BROKER_PROCESS_NOT_MEASURED, "a monitor that found nothing on the broker's port", s -> {
                s.brokerCpuKnown = false;
                s.placement = TESTBED;
                s.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
                BrokerProcessSample none = BrokerProcessSample.missing(61616, BrokerProcessMissing.NOT_LISTENING);
                s.monitoredBroker = new BrokerProcessSample[] {none, none};
            }, BROKER_PROCESS_NOT_MEASURED),
            rule(WINDOW_ENDED_BY_TIME, "a count the window's time ended first",
                    s -> s.overrides = List.of("phases.messages=20000"), SHARED_HOST, WINDOW_ENDED_BY_TIME),
            rule(WINDOW_SHORTER_THAN_ASKED, "the agents' readings 3 s late at the window's start",
                    s -> s.windowSeconds = 7, SHARED_HOST, WINDOW_SHORTER_THAN_ASKED),
            rule(BACKLOG_CHANGED, "the backlog grew at a fixed rate", s -> {
                s.overrides = List.of("publishers.rate=1000");
                s.windowReceived = 5_000;
            }, SHARED_HOST, BACKLOG_CHANGED),
            rule(PRECISION_NOT_REACHED, "an auto window at its bound", s -> {
                s.overrides = List.of("phases.measure=auto", "phases.maxMeasure=10s"); // the window's 10 s
                s.windowEnd = WindowEnd.BOUND;
            }, SHARED_HOST, PRECISION_NOT_REACHED),
            rule(REQUESTS_UNANSWERED, "4 persistent requests on a durable topic without a reply", s -> {
                s.overrides = List.of("delivery.persistent=true", "delivery.durable=true");
                s.roundTrip = RoundTrip.of(100, 96, LatencyFigures.of(Histograms.empty(), LatencyFigures.ACTUAL));
            }, SHARED_HOST, REQUESTS_UNANSWERED),
            rule(REQUESTS_UNANSWERED_ALLOWED, "4 non-persistent requests without a reply",
                    s -> s.roundTrip = RoundTrip.of(100, 96, LatencyFigures.of(Histograms.empty(), LatencyFigures.ACTUAL)),
                    SHARED_HOST, REQUESTS_UNANSWERED_ALLOWED),
            rule(MESSAGES_LOST_ALLOWED, "3 non-persistent messages lost",
                    s -> s.audit = new AuditCounts(3, 0, 0, 0, 0, 1, 1, false), SHARED_HOST, MESSAGES_LOST_ALLOWED),
            rule(INTERVAL_CORRELATED, "a rate still climbing through the window", s -> s.samples = ramp(),
                    SHARED_HOST, INTERVAL_CORRELATED, INTERVAL_CORRELATED),
            rule(LATENCY_CLOCKS_UNCERTAIN, "clock offsets uncertain by 70 µs of a 500 µs median", s -> {
                s.placement = Placement.separateHosts(List.of(
                        new ClockOffset("publisher-agent-1", AgentRole.PUBLISHER, 0, 40, true),
                        new ClockOffset("subscriber-agent-1", AgentRole.SUBSCRIBER, 0, 30, true)), true);
                s.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
                s.latency = new LatencyFigures(100, 500, 600, 700, 800, 900, 1000, 550, LatencyFigures.ACTUAL);
            }, LATENCY_CLOCKS_UNCERTAIN),
            rule(FAULTS_INJECTED, "two pauses of an idle broker", s -> {
                s.moreYaml = PAUSES;
                s.faults = List.of(new FaultEvent("pause-broker", 5, 2, null), new FaultEvent("pause-broker", 15, 2,
                        null));
                s.hostBusy = 0.5; // an idle broker: no capacity here, and none claimed
            }, SHARED_HOST, FAULTS_INJECTED),
            rule(CONSUMERS_SCHEDULED, "a slow subscriber, its backlog growing through a capacity window", s -> {
                s.overrides = List.of("subscribers[0].processing=2ms");
                s.windowReceived = 5_000;
                s.hostBusy = 0.5; // a slow consumer's point claims no capacity, so no CPU rule holds it
                s.samples = backlogged(s, 500);
            }, SHARED_HOST, CONSUMERS_SCHEDULED),
            rule(BACKLOG_NOT_DRAINED, "a slow subscriber's backlog still there when the drain timed out", s -> {
                s.overrides = List.of("subscribers[0].processing=2ms");
                s.windowReceived = 5_000;
                s.samples = backlogged(s, 500);
                s.drain = new Drain(DrainEnd.TIMEOUT, 10, 20_000, 15_000);
            }, SHARED_HOST, DRAIN_TIMEOUT, CONSUMERS_SCHEDULED, BACKLOG_NOT_DRAINED),
            rule(PROFILE_FELL_SHORT, "a profile's second at 62% of its target, made up the next", s -> {
                s.overrides = List.of(HELD_PROFILE);
                s.samples = profileSeconds(1000, 1000, 620, 1380);
            }, SHARED_HOST, PROFILE_FELL_SHORT),
            rule(MESSAGES_EXPIRED, "a 1 s time to live, 300 messages missing, which the broker counted expired", s -> {
                expiring(s);
                s.brokerCounts = new BrokerCounts("test", 20_000, 20_000, 20_000, 0, 0, 300);
            }, SHARED_HOST, MESSAGES_EXPIRED),
            rule(EXPIRY_NOT_COUNTED, "a 1 s time to live, 300 messages missing, the broker's expired count unknown",
                    PointJudgeTest::expiring, SHARED_HOST, EXPIRY_NOT_COUNTED),
            rule(GROUPS_SPLIT, "a message group received by two of a queue's consumers", s -> {
                s.overrides = List.of("destination.type=queue", "message.groups=2");
                s.audit = grouped(new GroupStickiness.Group(0, 10_000, Map.of("sub-0-0", 9_000L, "sub-0-1", 1_000L)),
                        new GroupStickiness.Group(1, 10_000, Map.of("sub-0-1", 10_000L)));
            }, SHARED_HOST, GROUPS_SPLIT),
            rule(MESSAGE_GROUPS, "two message groups, each on one of a queue's consumers", s -> {
                s.overrides = List.of("destination.type=queue", "message.groups=2");
                s.audit = grouped(new GroupStickiness.Group(0, 10_000, Map.of("sub-0-0", 10_000L)),
                        new GroupStickiness.Group(1, 10_000, Map.of("sub-0-1", 10_000L)));
            }, SHARED_HOST, MESSAGE_GROUPS),
            rule(DELIVERY_DELAYED, "messages delayed by 500 ms",
                    s -> s.overrides = List.of("message.deliveryDelay=500ms"), SHARED_HOST, DELIVERY_DELAYED));

    /**
     * A time to live of 1 s, 300 of the 20,000 messages never received: the drain went quiet, and the
     * broker counted them acknowledged (as ActiveMQ counts what expired) without saying how many expired.
     */
    private static void expiring(Spec s) {
        s.overrides = List.of("message.timeToLive=1s");
        s.totalReceived = 19_700;
        s.audit = new AuditCounts(300, 0, 0, 0, 0, 1, 1, false);
        s.drain = new Drain(DrainEnd.QUIET, 2.5, 20_000, 19_700);
    }

    /** An audit of two consumers that saw {@code groups} (no stream audited: a queue's competing consumers). */
    private static AuditCounts grouped(GroupStickiness.Group... groups) {
        long split = Arrays.stream(groups).filter(g -> g.consumers().size() > 1).count();
        return new AuditCounts(0, 0, 0, 0, 0, 0, 2, false, 0, List.of(), new GroupStickiness(groups.length,
                groups.length, 2, (int) split, 20_000, List.of(groups)));
    }

    /**
     * The window's seconds at its rates, the sends even and the deliveries {@code spread} below them
     * for five seconds and as far above for five more: a backlog that rose and fell back, flat over the
     * window but scattered too widely about it for ten seconds to tell (one that merely alternated
     * each second would be shown flat: its level stays bounded).
     */
    private static List<IntervalSample> unevenDeliveries(Spec spec, double spread) {
        List<IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double sent = spec.windowSent / 10.0;
            double received = spec.windowReceived / 10.0 * (i < 5 ? 1 - spread : 1 + spread);
            window.add(new IntervalSample(21 + i, "measure", Math.round(sent), sent, Math.round(received), received, 1,
                    0.5, 0.3, 0.99));
        }
        return window;
    }

    /** The window's seconds with a backlog growing by {@code perSecond} each. */
    private static List<IntervalSample> backlogged(Spec spec, long perSecond) {
        List<IntervalSample> window = new ArrayList<>();
        List<IntervalSample> seconds = seconds(spec);
        for (int i = 0; i < seconds.size(); i++) {
            window.add(seconds.get(i).withBacklog(perSecond * (i + 1)));
        }
        return window;
    }

    /**
     * The window's ten seconds on a profile whose target is {@code before} for the first five and
     * {@code after} for the last five, each sending its target but the fifth and sixth, which send
     * {@code fifth} and {@code sixth}.
     */
    private static List<IntervalSample> profileSeconds(double before, double after, double fifth, double sixth) {
        List<IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double target = i < 5 ? before : after;
            double sent = i == 4 ? fifth : i == 5 ? sixth : target;
            window.add(new IntervalSample(21 + i, "measure", Math.round(sent), sent, Math.round(sent), sent, 1, 0.5,
                    0.3, 0.99).withTargetSendRate(target));
        }
        return window;
    }

    /** Codes no rule of the judge gives: read from reports written before findings had codes. */
    private static final Set<FindingCode> NOT_THE_JUDGES = EnumSet.of(UNCLASSIFIED);

    @Test
    void everyRuleGivesItsCodeAndOnlyTheCodesItsRowNames() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (Rule rule : RULES) {
            Spec spec = new Spec();
            rule.apply().accept(spec);
            List<FindingCode> got = codes(spec);
            if (!got.equals(rule.expected()) || !got.contains(rule.code())) {
                wrong.add(rule.code() + " (" + rule.change() + "): expected " + rule.expected() + ", got " + got);
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** RabbitMQ's deliveries unsettled behind a backlog: its in count and levels stand, and a note says what does not. */
    @Test
    void brokerCountsReadInPartAreSaidAndTheInCountStillChecked() throws Exception {
        Spec partial = new Spec();
        partial.brokerCounts = new BrokerCounts("test; deliveries and acknowledgements not known", 20_000, -1, -1, 100,
                5_000);
        Spec wrongIn = new Spec();
        wrongIn.brokerCounts = new BrokerCounts("test; deliveries and acknowledgements not known", 19_000, -1, -1, 100,
                5_000);
        Spec inUnknown = new Spec();
        inUnknown.brokerCounts = new BrokerCounts("test; message_stats not known", -1, -1, -1, 100, 5_000);

        assertEquals(List.of(SHARED_HOST, BROKER_COUNTS_NOT_READ), codes(partial));
        assertEquals(List.of(SHARED_HOST, BROKER_COUNT_MISMATCH, BROKER_COUNTS_NOT_READ), codes(wrongIn));
        assertEquals(List.of(SHARED_HOST, BROKER_COUNTS_NOT_READ), codes(inUnknown), "an unknown in is no mismatch");
    }

    @Test
    void everyFindingCodeHasARowInTheRuleTable() {
        Set<FindingCode> missing = EnumSet.allOf(FindingCode.class);
        RULES.forEach(rule -> missing.remove(rule.code()));
        missing.removeAll(NOT_THE_JUDGES);
        assertEquals(Set.of(), missing, "a new rule needs its row in RULES");
        assertEquals(RULES.size(), RULES.stream().map(Rule::code).distinct().count(), "one row per code");
    }

    @Test
    void overAmqpToActiveMqTheBrokersExpiredCountDoesNotStandForWhatTheClientDiscarded() throws Exception {
        Spec spec = new Spec();
        expiring(spec);
        spec.overrides = List.of("message.timeToLive=1s", "provider=amqp");
        spec.brokerCounts = new BrokerCounts("test", 20_000, 20_000, 20_000, 0, 0, 0);

        assertEquals(List.of(SHARED_HOST, EXPIRY_NOT_COUNTED), codes(spec));
    }

    @Test
    void expiredMessagesTheBrokerCountedLeaveOnlyTheRestLost() throws Exception {
        Spec spec = new Spec();
        expiring(spec);
        spec.overrides = List.of("message.timeToLive=1s", "delivery.persistent=true", "destination.type=queue");
        spec.brokerCounts = new BrokerCounts("test", 20_000, 19_900, 19_900, 0, 0, 200);

        List<Finding> findings = judge(spec);

        assertEquals(List.of(SHARED_HOST, PERSISTENT_MESSAGES_LOST, DRAIN_INCOMPLETE, MESSAGES_EXPIRED),
                findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().startsWith("100 persistent messages lost"), findings.get(1).text());
    }

    @Test
    void aProfilePointIsJudgedAsAFixedRateOneNeverAsCapacity() throws Exception {
        Spec spec = new Spec();
        spec.overrides = List.of(HELD_PROFILE);
        spec.samples = profileSeconds(1000, 1000, 1000, 1000);
        spec.hostBusy = 0.5; // an idle broker breaks no rule at a rate asked for
        assertEquals(List.of(SHARED_HOST), codes(spec));
    }

    @Test
    void aProfileWindowThatSentShortOfItsMeanTargetMissedItAndSaysWhere() throws Exception {
        Spec spec = new Spec();
        spec.overrides = List.of("publishers.rate=[{rate: 1000, for: 25s}, {rate: 2000}]");
        spec.samples = profileSeconds(1000, 2000, 1000, 1000);
        for (int i = 6; i < 10; i++) {
            spec.samples.set(i, new IntervalSample(21 + i, "measure", 1000, 1000, 1000, 1000, 1, 0.5, 0.3, 0.99)
                    .withTargetSendRate(2000.0));
        }
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, TARGET_RATE_MISSED, PROFILE_FELL_SHORT),
                findings.stream().map(Finding::code).toList());
        assertEquals("missed the target rate: 1000 of 1500 msgs/s sent", findings.get(1).text());
        assertEquals("the publishers fell short of the profile in 5 of 10 seconds, by up to 50% at 26 s (target "
                + "2,000, sent 1,000 msgs/s)", findings.get(2).text());
    }

    /** Ten seconds of a rate climbing from 900 to 1,080 msgs/s. */
    private static List<IntervalSample> ramp() {
        List<IntervalSample> ramp = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ramp.add(new IntervalSample(21 + i, "measure", 900 + 20 * i, 900 + 20 * i, 900 + 20 * i, 900 + 20 * i, 1,
                    0.5, 0.3, 0.99));
        }
        return ramp;
    }

    @Test
    void aPointWithFaultsIsJudgedOnWhatItDeliveredNotOnCapacity() throws Exception {
        Spec spec = new Spec();
        spec.moreYaml = PAUSES;
        spec.faults = List.of(new FaultEvent("pause-broker", 5, 2, null),
                new FaultEvent("pause-broker", 15, 2, null));
        spec.hostBusy = 0.5; // an idle broker: no capacity here, and none claimed
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, FAULTS_INJECTED), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().startsWith("faults: 2 of 2 injected (pause-broker x2)"), findings.toString());

        spec.audit = new AuditCounts(7, 0, 0, 0, 0, 1, 1, false);
        spec.overrides = List.of("delivery.persistent=true", "delivery.durable=true");
        assertEquals(List.of(PERSISTENT_MESSAGES_LOST), invalid(spec), "a loss through faults is still a loss");
    }

    private static void check(List<String> wrong, String name, Consumer<Spec> change, FindingCode expected)
            throws Exception {
        Spec spec = new Spec();
        change.accept(spec);
        List<FindingCode> invalid = invalid(spec);
        if (!invalid.equals(List.of(expected))) {
            wrong.add(name + ": expected [" + expected + "], got " + invalid);
        }
    }

    @Test
    void theBrokersOwnCountsMustAgreeWithTheClientsBeyondWhatWasInFlight() throws Exception {
        List<String> wrong = new ArrayList<>();
        check(wrong, "fewer in", s -> s.brokerCounts = counts(19_000, 20_000, 0, 0), BROKER_COUNT_MISMATCH);
        check(wrong, "more in", s -> s.brokerCounts = counts(20_001, 20_000, 0, 0), BROKER_COUNT_MISMATCH);
        check(wrong, "more acknowledged than received", s -> s.brokerCounts = counts(20_000, 20_100, 0, 0),
                BROKER_COUNT_MISMATCH);
        check(wrong, "received beyond what is in flight", s -> s.brokerCounts = counts(20_000, 19_000, 500, 0),
                BROKER_COUNT_MISMATCH);
        assertEquals(List.of(), wrong);

        Spec inFlight = new Spec();
        inFlight.brokerCounts = counts(20_000, 19_000, 600, 400);
        assertEquals(List.of(SHARED_HOST), codes(inFlight), "in flight and held messages explain the gap");
        Spec failedSends = new Spec();
        failedSends.sendErrors = 3;
        failedSends.brokerCounts = counts(20_003, 20_000, 0, 0);
        assertEquals(List.of(SEND_ERRORS), invalid(failedSends), "a failed send may have reached the broker");
        Spec clientAck = new Spec();
        clientAck.overrides = List.of("delivery.ack=client", "delivery.ackEvery=100");
        clientAck.brokerCounts = counts(20_000, 19_901, 0, 0);
        assertEquals(List.of(), invalid(clientAck), "one subscriber's last 99 receipts may be unacknowledged");
        clientAck.brokerCounts = counts(20_000, 19_900, 0, 0);
        assertEquals(List.of(BROKER_COUNT_MISMATCH), invalid(clientAck));
        Spec unread = new Spec();
        unread.brokerCounts = null;
        assertEquals(List.of(SHARED_HOST, BROKER_COUNTS_NOT_READ), codes(unread), "said, not passed");
    }

    private static BrokerCounts counts(long in, long acknowledged, long inFlight, long held) {
        return new BrokerCounts("test", in, acknowledged, acknowledged, inFlight, held);
    }

    @Test
    void aCapacityWindowWhoseSecondsCannotShowItSteadyIsUnverifiedAndAFixedRateIsNot() throws Exception {
        Spec spec = new Spec();
        spec.samples = unevenDeliveries(spec, 0.3);
        List<Finding> findings = judge(spec);
        // the deliveries' low half then high half correlate the received rate's seconds too
        assertEquals(List.of(SHARED_HOST, STEADINESS_NOT_SHOWN, INTERVAL_CORRELATED),
                findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("steadiness not shown: the subscribers got 1.00 copies per message sent in the window against the "
                + "expected 1.00: the broker's backlog changed by about 0 messages during it (-45 ± 263 msgs/s), an "
                + "interval that neither stays within the tolerance, ±100 msgs/s (1,000 messages over the 10 s window: "
                + "the messages in flight at its edges), nor lies beyond it, so the window cannot tell whether the "
                + "broker kept up; a window (phases.measure) of about 9 min would tell (an estimate: the interval "
                + "narrows at least as 1/seconds)", findings.get(1).text());
        spec.overrides = List.of("publishers.rate=1000");
        spec.hostBusy = 0.5;
        assertEquals(List.of(SHARED_HOST, INTERVAL_CORRELATED), codes(spec), "a fixed rate claims no capacity");
    }

    @Test
    void theBrokersOwnDepthOutweighsSecondsThatCannotTell() throws Exception {
        Spec spec = new Spec();
        spec.samples = unevenDeliveries(spec, 0.3);
        spec.brokerDepth = new long[] {251, 32_813};
        assertEquals(List.of(SHARED_HOST, NOT_STEADY, INTERVAL_CORRELATED), codes(spec));
    }

    @Test
    void aCapacityWindowTooShortForAnIntervalIsUnverified() throws Exception {
        Spec spec = new Spec();
        spec.samples = List.of();
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, WINDOW_TOO_SHORT), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("unverified: the window had 0 one-second samples, fewer than the 5 a 95% interval needs, so "
                + "neither the rates' precision nor whether the broker's backlog held still could be told; a longer "
                + "window, or measure: auto", findings.get(1).text());
    }

    @Test
    void notesNeverMakeAPointInvalid() throws Exception {
        Spec spec = new Spec();
        spec.overrides = List.of("phases.warmup=2s", "message.stamped=false", "publishers.rate=1000",
                "phases.measure=auto", "phases.maxMeasure=10s");
        spec.windowReceived = 5_000; // the backlog grew by 5,000 in the window, at a fixed rate
        spec.audit = new AuditCounts(3, 0, 0, 0, 0, 1, 1, false); // non-persistent: loss allowed
        spec.windowEnd = WindowEnd.BOUND;
        assertEquals(List.of(SHARED_HOST, NOT_WARMED_UP, UNSTAMPED, BACKLOG_CHANGED, MESSAGES_LOST_ALLOWED,
                PRECISION_NOT_REACHED).stream()
                .sorted().toList(), codes(spec).stream().sorted().toList());
        assertEquals(List.of(), invalid(spec));
    }

    @Test
    void aWindowWhoseSecondsStayCorrelatedSaysItsIntervalMayBeTooNarrow() throws Exception {
        Spec spec = new Spec();
        spec.samples = ramp();
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, INTERVAL_CORRELATED, INTERVAL_CORRELATED),
                findings.stream().map(Finding::code).toList());
        assertEquals("the 95% interval of the received rate may be too narrow: the means of its 5 batches of 2 s "
                + "stayed correlated (lag-1 0.40 > 0.20); a longer window helps", findings.get(1).text());
    }

    @Test
    void aForwarderOnTheBrokersPortIsNamedAndThePointUnverifiedNotMeasuredAsTheBroker() throws Exception {
        Spec forwarded = new Spec();
        forwarded.brokerCpuKnown = false;
        forwarded.brokerProcess = new ListeningProcess(4242, "socat").with(ProcessLook.of("socat",
                List.of("/usr/bin/socat", "TCP-LISTEN:47616,fork", "TCP:127.0.0.1:61616")));
        List<Finding> findings = judge(forwarded);
        assertEquals(List.of(SHARED_HOST, BROKER_PROCESS_NOT_A_BROKER), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("unverified: the process listening on the broker's port, 4242 (socat), looks like socat, a port "
                + "forwarder or proxy, not a broker, so it was not measured as the broker and neither the rule that a "
                + "capacity point saturates the broker nor whether other processes took its CPU (its own work would "
                + "count as theirs) could be checked: name the broker's process with --broker-pid, or --broker-port "
                + "with the port it listens on itself", findings.get(1).text());

        Spec named = new Spec(); // the user named it: measured, so no finding about it
        named.brokerProcess = forwarded.brokerProcess.with(forwarded.brokerProcess.look().named("--broker-pid"));
        assertEquals(List.of(SHARED_HOST), codes(named));
    }

    @Test
    void aCapacityPointWhoseBrokerCpuNothingMeasuredIsUnverified() throws Exception {
        Spec external = new Spec(); // an external broker by URL, agents on this machine, no monitor
        external.brokerCpuKnown = false;
        external.hostBusy = 0.5; // this host's idle share says nothing of a broker elsewhere
        List<Finding> findings = judge(external);
        assertEquals(List.of(SHARED_HOST, BROKER_CPU_NOT_MEASURED), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("unverified: the broker's CPU was not measured, so neither the rule that a capacity point "
                + "saturates the broker nor whether other processes took its CPU (its own work would count as theirs) "
                + "could be checked: start 'jmsbench agent --role monitor' on the broker's host and list it as "
                + "agents.monitor", findings.get(1).text());

        Spec testbed = new Spec(); // agents on machines of their own, no monitor on the broker's
        testbed.brokerCpuKnown = false;
        testbed.placement = Placement.separateHosts(List.of(), false);
        assertEquals(List.of(BROKER_CPU_NOT_MEASURED), codes(testbed));

        Spec monitored = new Spec(); // agents sharing a kernel, an external broker, a monitor that answered
        monitored.brokerCpuKnown = false;
        monitored.placement = Placement.sharedKernel(List.of());
        monitored.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
        // measured by its monitor; other processes' load is what no rule can tell in this layout
        assertEquals(List.of(SHARED_HOST, FOREIGN_LOAD_NOT_CHECKED), codes(monitored));

        Spec embedded = new Spec(); // the broker's JVM measured, agents on machines of their own, no monitor
        embedded.placement = Placement.separateHosts(List.of(), false);
        assertEquals(List.of(BROKER_HOST_NOT_MONITORED), codes(embedded));

        Spec paced = new Spec(); // no capacity claimed: the broker rule does not apply, a note says how to get it
        paced.brokerCpuKnown = false;
        paced.placement = Placement.separateHosts(List.of(), false);
        paced.overrides = List.of("publishers.rate=1000");
        assertEquals(List.of(BROKER_HOST_NOT_MONITORED), codes(paced));
        assertEquals(Verdict.VALID, Verdict.of(judge(paced)));
    }

    /** A remote external broker whose process the monitor on its host found: its CPU is measured, judged on its host. */
    @Test
    void theMonitorsBrokerProcessIsTheBrokersCpu() throws Exception {
        Spec spec = new Spec();
        spec.brokerCpuKnown = false; // not on this machine
        spec.placement = TESTBED;
        spec.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.5});
        spec.monitoredBroker = new BrokerProcessSample[] {new BrokerProcessSample(61616, 4321, "java", 3_000_000_000L,
                1 << 30, null), new BrokerProcessSample(61616, 4321, "java", 12_000_000_000L, 1 << 30, null)};
        List<Finding> findings = judge(spec);

        assertEquals(List.of(CPU_RULE_BROKER), findings.stream().map(Finding::code).toList(),
                "measured: no BROKER_CPU_NOT_MEASURED; its host half idle: not saturated");
        assertEquals("cpu rule: broker not saturated: its host was 50.0% busy (< 95%), its process used 0.90 cores",
                findings.get(0).text());

        spec.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
        assertEquals(List.of(), codes(spec));
    }

    /** A monitor that did not find the broker's process says why; its host's busy share still stands. */
    @Test
    void aMonitorThatFoundNoBrokerProcessSaysWhy() throws Exception {
        Spec spec = new Spec();
        spec.brokerCpuKnown = false;
        spec.placement = TESTBED;
        spec.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.2});
        BrokerProcessSample other = BrokerProcessSample.missing(61616, BrokerProcessMissing.OTHER_USER);
        spec.monitoredBroker = new BrokerProcessSample[] {other, other};
        List<Finding> findings = judge(spec);

        assertEquals(List.of(BROKER_PROCESS_NOT_MEASURED, CPU_RULE_BROKER),
                findings.stream().map(Finding::code).toList(), "measured by its host: not unverified");
        assertEquals("broker process not measured: the monitor agent on the broker's host did not find it: the "
                + "process listening on port 61616 belongs to another user (run the monitor as the broker's user or "
                + "as root); the broker's own cores are unknown, its host's busy share still stands",
                findings.get(0).text());
        assertEquals("cpu rule: broker not saturated: its host was 20.0% busy (< 95%)", findings.get(1).text());
    }

    @Test
    void uncertainClocksFlagTheLatency() throws Exception {
        Spec spec = new Spec();
        spec.placement = Placement.separateHosts(List.of(
                new ClockOffset("publisher-agent-1", AgentRole.PUBLISHER, 0, 40, true),
                new ClockOffset("subscriber-agent-1", AgentRole.SUBSCRIBER, 0, 30, true)), true);
        spec.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
        spec.latency = new LatencyFigures(100, 500, 600, 700, 800, 900, 1000, 550, LatencyFigures.ACTUAL);
        List<Finding> findings = judge(spec);
        assertEquals(List.of(LATENCY_CLOCKS_UNCERTAIN), findings.stream().map(Finding::code).toList());
        assertEquals("latency flagged: the clock offsets are uncertain by up to ±70.0 µs, more than 10% of the "
                + "median latency 500.0 µs", findings.get(0).text());
    }

    @Test
    void theSentenceOfARuleNamesTheFigures() throws Exception {
        Spec spec = new Spec();
        spec.hostBusy = 0.5;
        Finding cpu = judge(spec).stream().filter(Finding::invalid).findFirst().orElseThrow();
        assertEquals("cpu rule: broker not saturated: the shared host was 50.0% busy (< 95%), so the broker was not "
                + "the bottleneck", cpu.text());
    }

    /** The quickstart on an 8-core laptop: 2 publishers and 2 subscribers cannot keep 8 cores 90% busy. */
    private static Spec eightCores() {
        Spec spec = new Spec();
        spec.hostCores = 8;
        spec.publisherCores = 0.8;
        return spec;
    }

    @Test
    void onASharedEightCoreHostTheQuickstartFailsForAReasonThatIsNotTheBrokers() throws Exception {
        Spec shared = eightCores();
        shared.hostBusy = 0.6;
        shared.brokerCores = 3.4; // the run's own load is the host's busy time: nothing foreign
        List<Finding> findings = judge(shared);
        assertEquals(List.of(SHARED_HOST, CPU_RULE_BROKER), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("the shared host was 60.0% busy"), findings.get(1).text());
    }

    @Test
    void onPartitionsTheSameHostIsJudgedOnTheBrokersPartition() throws Exception {
        Spec spec = eightCores();
        spec.placement = partitioned(CpuList.parse("0-3"), CpuList.parse("4-5"), CpuList.parse("6-7"));
        spec.cpuBusy = new double[] {0.95, 0.96, 0.94, 0.95, 0.30, 0.25, 0.35, 0.30}; // the host 60% busy
        spec.brokerCores = 3.7; // each partition's busy time the run's own
        spec.subscriberCores = 0.7;
        assertEquals(List.of(PARTITIONED_HOST), codes(spec));
    }

    @Test
    void aBrokerPartitionNotSaturatedWithIdleClientsPointsOutsideTheCpus() throws Exception {
        Spec spec = eightCores();
        spec.placement = partitioned(CpuList.parse("0-3"), CpuList.parse("4-5"), CpuList.parse("6-7"));
        spec.cpuBusy = new double[] {0.6, 0.6, 0.6, 0.6, 0.3, 0.3, 0.3, 0.3};
        spec.brokerCores = 2.4; // each partition's busy time the run's own
        spec.subscriberCores = 0.7;
        List<Finding> findings = judge(spec);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_BROKER), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("its partition (CPU 0-3) was 60.0% busy")
                && findings.get(1).text().contains("the bottleneck is outside the CPUs"), findings.get(1).text());
    }

    @Test
    void aBusyClientPartitionIsTheClientRuleAndExplainsTheIdleBroker() throws Exception {
        Spec spec = new Spec();
        spec.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        spec.cpuBusy = new double[] {0.7, 0.98};
        spec.publisherCores = 0.65; // the clients' busy time their own
        List<Finding> findings = judge(spec);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_CLIENT, CPU_RULE_BROKER),
                findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("the clients partition (CPU 1) was 98.0% busy"),
                findings.get(1).text());
    }

    @Test
    void kernelThreadsAndInterruptsAreTheRunsOwnCostNotForeignLoad() throws Exception {
        Spec writeback = new Spec();
        writeback.kernelCores = 0.4; // a journal's writeback, as a persistent point showed
        assertEquals(List.of(SHARED_HOST), codes(writeback));
    }

    @Test
    void foreignLoadIsCountedOnThePartitionWhereItRan() throws Exception {
        Spec spec = new Spec();
        spec.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        spec.cpuBusy = new double[] {0.99, 0.6};
        spec.foreignCores = 0.3; // on CPU 0, the broker's
        List<Finding> findings = judge(spec);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_FOREIGN_LOAD), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("the broker partition (CPU 0)"), findings.get(1).text());
    }

    /**
     * Issue 44's forking load: the broker's partition 99.9% busy, its JVM 0.76 cores, interrupts,
     * kernel threads and other processes seen little; the rest, explained by nothing, is foreign load,
     * and someone else's work does not saturate the broker.
     */
    @Test
    void timeNothingExplainsIsForeignLoadAndDoesNotSaturateTheBroker() throws Exception {
        Spec spec = new Spec();
        spec.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        spec.cpuBusy = new double[] {0.999, 0.7};
        spec.brokerCores = 0.76;
        spec.kernelCores = 0.01;
        spec.foreignCores = 0.04;
        List<Finding> findings = judge(spec);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_BROKER, CPU_RULE_FOREIGN_LOAD),
                findings.stream().map(Finding::code).toList());
        assertEquals("cpu rule: broker not saturated: its partition (CPU 0) was 80.0% busy (< 95%) as its own work "
                + "(99.9% busy, 19.9% of it foreign load); no client partition was busy either (clients 70%), so the "
                + "bottleneck is outside the CPUs: a lock, the disk, the network or a flow-control limit",
                findings.get(1).text());
        assertEquals("cpu rule: other processes took 0.20 cores of the broker partition (CPU 0), 20% of its 1 (> 10%), "
                + "during the window (processes seen bash 0.04; 0.16 unexplained: processes that came and went between "
                + "two readings, or time no process accounts for), so the broker did not have every cycle the clients "
                + "left it: run it on a quiet machine", findings.get(2).text());
    }

    @Test
    void withTheRunsCgroupTheTimeOfEveryTaskButTheRunsIsForeignOnItsCpu() throws Exception {
        Spec spec = new Spec();
        spec.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        spec.cpuBusy = new double[] {0.99, 0.7};
        spec.kernelCores = 0.01;
        spec.cgroupRun = new double[] {0.76, 0.7}; // the broker's JVM on CPU 0, the clients on CPU 1
        spec.cgroupAll = new double[] {0.99, 0.72}; // and processes that came and went on CPU 0
        List<Finding> findings = judge(spec);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_BROKER, CPU_RULE_FOREIGN_LOAD),
                findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(2).text().contains("of the broker partition (CPU 0)")
                && findings.get(2).text().contains("0.22 unexplained") && findings.get(2).text().contains("by the cgroup "
                + "counts"), findings.get(2).text());

        spec.cgroupRun = new double[] {0.97, 0.7}; // nothing beside the run: no alarm, the broker saturated
        spec.cgroupAll = new double[] {0.98, 0.72};
        assertEquals(List.of(PARTITIONED_HOST), codes(spec));
    }

    @Test
    void theBrokersOwnDepthFeedsTheSteadinessRule() throws Exception {
        Spec spec = new Spec();
        spec.brokerDepth = new long[] {251, 32_813};
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, NOT_STEADY), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("grew from 251 to 32,813"), findings.get(1).text());
    }

    @Test
    void aSharedHostIsTheCpusTheRunMayUseNotEveryCpuTheMachineCounts() throws Exception {
        Spec machine = new Spec();
        machine.hostCores = 8;
        machine.foreignCores = 0.3; // under a tenth of 8 CPUs
        machine.brokerCores = 6.5; // the rest of the 8 CPUs' busy time the run's own
        assertEquals(List.of(SHARED_HOST), codes(machine));
        Spec cpuset = new Spec();
        cpuset.hostCores = 8;
        cpuset.foreignCores = 0.3; // on CPU 0, one of the 2 the run may use
        cpuset.placement = Placement.sharedHost(List.of(), CpuList.of(0, 1));
        List<Finding> findings = judge(cpuset);
        assertEquals(List.of(SHARED_HOST, CPU_RULE_FOREIGN_LOAD), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("15% of its 2 (> 10%)"), findings.get(1).text());
    }

    /** The held window of a closed loop that found 1,000 msgs/s, the baseline's rate. */
    private static Spec sustainable() {
        Spec s = new Spec();
        s.overrides = List.of("publishers.rate=sustainable");
        s.warmupEnd = WarmupEnd.CONVERGED;
        s.loop = new ClosedLoop(true, 1_000, 1_000, 1_050, 20, List.of(), null);
        return s;
    }

    @Test
    void theHeldWindowOfASustainableRateIsACapacityClaimForForeignLoadAndSteadiness() throws Exception {
        assertEquals(List.of(SHARED_HOST), codes(sustainable()));

        Spec shared = sustainable();
        shared.foreignCores = 0.4; // issue 45's cells: other processes took the host's cores, and came out valid
        assertEquals(List.of(SHARED_HOST, CPU_RULE_FOREIGN_LOAD), codes(shared));

        Spec partitions = sustainable();
        partitions.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        partitions.cpuBusy = new double[] {0.99, 0.6};
        partitions.foreignCores = 0.3; // on CPU 0, the broker's
        List<Finding> findings = judge(partitions);
        assertEquals(List.of(PARTITIONED_HOST, CPU_RULE_FOREIGN_LOAD), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().contains("the broker partition (CPU 0)"), findings.get(1).text());

        Spec uneven = sustainable();
        uneven.samples = unevenDeliveries(uneven, 0.3);
        assertEquals(List.of(SHARED_HOST, STEADINESS_NOT_SHOWN, INTERVAL_CORRELATED), codes(uneven));
    }

    @Test
    void messagesOutOfTheirPublishersOrderAreInvalidWhereJmsPromisesTheOrder() throws Exception {
        Spec late = new Spec(); // the late-consumers pattern: one publisher, a persistent queue, two consumers joining late
        late.overrides = List.of("destination.type=queue", "delivery.persistent=true", "publishers.rate=1000",
                "subscribers[0].clients=2", "subscribers[0].start=5s");
        late.audit = new AuditCounts(0, 0, 44, 0, 0, 2, 2, false);
        List<Finding> findings = judge(late);
        assertTrue(findings.stream().map(Finding::code).toList().contains(OUT_OF_ORDER), findings.toString());
        assertEquals("44 messages out of order: a consumer received them after a later message of the same "
                + "publisher, none of them flagged redelivered, where JMS promises each consumer without a selector "
                + "a producer's messages in the order sent (one priority, no delivery delay, no fault, no consumer "
                + "leaving)", findings.stream().filter(f -> f.code() == OUT_OF_ORDER).findFirst().orElseThrow().text());

        // where the run itself moves messages, the count is not judged
        Spec leaving = new Spec(); // what a leaving consumer was sent and had not taken goes to the other, unflagged
        leaving.overrides = List.of("destination.type=queue");
        leaving.subscribers = "  - {clients: 1}\n  - {clients: 1, stop: 8s}";
        leaving.audit = new AuditCounts(0, 0, 44, 0, 0, 2, 2, false);
        assertTrue(!codes(leaving).contains(OUT_OF_ORDER), codes(leaving).toString());
        for (List<String> moved : List.of(List.of("message.deliveryDelay=100ms"),
                List.of("destination.type=queue", "message.groups=4"),
                List.of("destination.type=queue", "subscribers[0].selector=JMSPriority > 3"))) {
            Spec spec = new Spec();
            spec.overrides = moved;
            spec.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false);
            assertTrue(!codes(spec).contains(OUT_OF_ORDER), moved + ": " + codes(spec));
        }
        Spec mix = new Spec(); // a mix of priorities: the broker may deliver the higher ones first
        mix.moreYaml = "message:\n  priority: {weighted: [{priority: 9, weight: 1}, {priority: 4, weight: 9}]}\n";
        mix.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false);
        assertTrue(!codes(mix).contains(OUT_OF_ORDER), codes(mix).toString());
        Spec one = new Spec(); // one priority for every message: the order stands
        one.overrides = List.of("message.priority=7");
        one.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false);
        assertTrue(codes(one).contains(OUT_OF_ORDER), codes(one).toString());
        Spec faults = new Spec();
        faults.moreYaml = PAUSES;
        faults.faults = List.of(new FaultEvent("pause-broker", 5, 2, null), new FaultEvent("pause-broker", 15, 2, null));
        faults.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false);
        assertTrue(!codes(faults).contains(OUT_OF_ORDER), codes(faults).toString());
        Spec resent = new Spec(); // sends made again after a failure arrive after later ones
        resent.sendErrors = 2;
        resent.audit = new AuditCounts(0, 0, 44, 0, 0, 1, 1, false);
        assertTrue(!codes(resent).contains(OUT_OF_ORDER), codes(resent).toString());
    }

    @Test
    void aTimedWindowThatMeasuredMoreThanASecondLessThanAskedSaysSoAndOneEndedByItsCountDoesNot() throws Exception {
        Spec late = new Spec();
        late.windowSeconds = 7.4;
        List<Finding> findings = judge(late);
        assertEquals(List.of(SHARED_HOST, WINDOW_SHORTER_THAN_ASKED), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.VALID, Verdict.of(findings), "the rates are right for the seconds measured");
        assertEquals("the window measured 7.4 s of the 10s asked (phases.measure): the agents' readings at its edges "
                + "came late, as on a loaded host, so its rates and their interval are over 2.6 s fewer than asked",
                findings.get(1).text());

        Spec jitter = new Spec(); // within a second: the readings' own jitter
        jitter.windowSeconds = 9.2;
        assertEquals(List.of(SHARED_HOST), codes(jitter));

        Spec counted = new Spec(); // ended by its count: short by design
        counted.overrides = List.of("phases.messages=7000");
        counted.windowEnd = WindowEnd.MESSAGES;
        counted.windowSeconds = 7;
        assertEquals(List.of(SHARED_HOST), codes(counted));

        Spec precise = new Spec(); // an auto window that reached its precision early
        precise.overrides = List.of("phases.measure=auto", "phases.maxMeasure=10s");
        precise.windowEnd = WindowEnd.PRECISION;
        precise.windowSeconds = 7;
        assertTrue(!codes(precise).contains(WINDOW_SHORTER_THAN_ASKED), codes(precise).toString());

        Spec bound = new Spec(); // an auto window at its bound is timed too
        bound.overrides = List.of("phases.measure=auto", "phases.maxMeasure=10s");
        bound.windowEnd = WindowEnd.BOUND;
        bound.windowSeconds = 7;
        assertTrue(codes(bound).contains(WINDOW_SHORTER_THAN_ASKED), codes(bound).toString());
        assertTrue(judge(bound).stream().anyMatch(f -> f.text().contains("asked (maxMeasure)")));
    }

    @Test
    void aSustainableWindowOnASharedHostWhoseForeignLoadCannotBeToldIsUnverified() throws Exception {
        Spec external = sustainable(); // an external broker nothing measured: its work would count as foreign load
        external.brokerCpuKnown = false;
        external.foreignCores = 0.4;
        List<Finding> findings = judge(external);
        assertEquals(List.of(SHARED_HOST, BROKER_CPU_NOT_MEASURED), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("unverified: the broker's CPU was not measured, so whether other processes took its CPU (its own "
                + "work would count as theirs) in the held window could not be checked: start 'jmsbench agent --role "
                + "monitor' on the broker's host and list it as agents.monitor", findings.get(1).text());

        Spec noProc = sustainable(); // no /proc/stat: no busy share to take the run's own from
        noProc.hostBusy = Double.NaN;
        assertEquals(List.of(SHARED_HOST, HOST_CPU_NOT_MEASURED), codes(noProc));
        assertTrue(judge(noProc).get(1).text().endsWith("so whether other processes took the broker's CPU in the "
                + "held window could not be checked"), judge(noProc).get(1).text());

        Spec testbed = sustainable(); // machines of their own: no foreign-load rule to miss, the note as before
        testbed.brokerCpuKnown = false;
        testbed.placement = Placement.separateHosts(List.of(), false);
        assertEquals(List.of(BROKER_HOST_NOT_MONITORED), codes(testbed));

        Spec fixed = new Spec(); // a fixed rate claims no capacity: nothing left unchecked
        fixed.overrides = List.of("publishers.rate=1000");
        fixed.brokerCpuKnown = false;
        assertEquals(List.of(SHARED_HOST), codes(fixed));
    }

    @Test
    void agentsStartedApartOnOneMachineLeaveTheForeignLoadOfACapacityClaimUnchecked() throws Exception {
        Spec loopback = sustainable(); // remote agents on 127.0.0.1: the machine's kernel, not the run's JVMs
        loopback.placement = Placement.sharedKernel(List.of());
        List<Finding> findings = judge(loopback);
        assertEquals(List.of(SHARED_HOST, FOREIGN_LOAD_NOT_CHECKED), findings.stream().map(Finding::code).toList());
        assertEquals(Verdict.UNVERIFIED, Verdict.of(findings));
        assertEquals("unverified: whether other processes took CPU the broker needed could not be checked: agents "
                + "share a machine (one kernel) with each other or with the broker, and jmsbench counts other "
                + "processes' load only where the run started every JVM on this machine itself; for a capacity "
                + "figure, let the run start its agents (no agents: section), or give each agent and the broker a "
                + "machine of its own", findings.get(1).text());

        Spec brokerApart = sustainable(); // the clients share a machine, the broker has one of its own: as a testbed
        brokerApart.placement = Placement.sharedKernel(List.of(), true);
        brokerApart.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
        assertEquals(List.of(SHARED_HOST), codes(brokerApart));

        Spec fixed = new Spec(); // a fixed rate claims no capacity: nothing to check
        fixed.overrides = List.of("publishers.rate=1000");
        fixed.placement = Placement.sharedKernel(List.of());
        assertEquals(List.of(SHARED_HOST), codes(fixed));
    }

    @Test
    void aSustainableRateNeedNotSaturateTheBrokersCpuNorAFixedRateFaceTheCapacityRules() throws Exception {
        // held just below what the broker delivers, whose limit need not be its CPU (one queue, one thread)
        Spec idle = sustainable();
        idle.hostBusy = 0.5;
        assertEquals(List.of(SHARED_HOST), codes(idle));
        Spec partitionIdle = sustainable();
        partitionIdle.placement = partitioned(CpuList.of(0), CpuList.of(1), CpuList.of(1));
        partitionIdle.cpuBusy = new double[] {0.5, 0.6};
        partitionIdle.brokerCores = 0.5;
        assertEquals(List.of(PARTITIONED_HOST), codes(partitionIdle));

        Spec fixed = new Spec();
        fixed.overrides = List.of("publishers.rate=1000");
        fixed.foreignCores = 0.4;
        assertEquals(List.of(SHARED_HOST), codes(fixed), "a fixed rate claims no capacity");
    }
}
