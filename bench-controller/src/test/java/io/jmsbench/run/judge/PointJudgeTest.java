package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointObservation.Ending;
import io.jmsbench.run.point.Snapshot;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.run.workers.Workers.Placement;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioLoader;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessResources;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    private static final Placement LOCAL = new Placement(false, true, false, List.of());

    /** What the tests change in the baseline: a 10 s window at 1,000 msgs/s, a busy shared host. */
    private static final class Spec {
        List<String> overrides = List.of();
        /** More of the scenario, after the baseline's fields. */
        String moreYaml = "";
        List<io.jmsbench.run.point.Faults.FaultEvent> faults = List.of();
        Ending ending = Ending.COMPLETED;
        long windowSent = 10_000;
        long windowReceived = 10_000;
        long totalSent = 20_000;
        long totalReceived = 20_000;
        long sendErrors;
        double hostBusy = 0.99;
        double publisherCores = 0.5;
        Drain drain = new Drain("complete", 0.5, 20_000, 20_000);
        AuditCounts audit = new AuditCounts(0, 0, 0, 0, 0, 1, 1, false);
        Placement placement = LOCAL;
        Map<String, double[]> hosts = Map.of(); // agent -> busy share, for separate hosts
        boolean window = true;
        io.jmsbench.report.BrokerCounts brokerCounts =
                new io.jmsbench.report.BrokerCounts("test", 20_000, 20_000, 20_000, 0, 0);
        boolean brokerCpuKnown = true;
        io.jmsbench.report.PointResult.Windows windows = new io.jmsbench.report.PointResult.Windows(
                io.jmsbench.report.PointResult.Windows.TIME, 20, Double.NaN, io.jmsbench.report.PointResult.Windows.TIME,
                Double.NaN);
        /** The window's seconds; {@code null}: ten seconds at the window's rates, each ±1% (see {@link #seconds}). */
        List<io.jmsbench.report.IntervalSample> samples;
        LatencyFigures latency = new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, LatencyFigures.ACTUAL);
    }

    private static Counters counters(long nanos, String client, long messages, long errors, double cores) {
        return new Counters(nanos, 0, Math.round(nanos * cores), 0, 0,
                List.of(new ClientCount(client, messages, errors, errors > 0 ? "refused" : null)), HostSample.UNKNOWN);
    }

    private static Snapshot snapshot(long nanos, long sent, long received, long busyTicks, Spec spec,
                                     Map<String, HostSample> hosts) {
        return new Snapshot(nanos, counters(nanos, "pub-0", sent, 0, spec.publisherCores),
                counters(nanos, "sub-0-0", received, 0, 0.3), null, Math.round(nanos * 1.15), 0, ProcessResources.UNKNOWN,
                new HostCpu(busyTicks, nanos / 10_000_000), 0, hosts);
    }

    /** Ten seconds of the window at its rates, alternately 1% above and below. */
    private static List<io.jmsbench.report.IntervalSample> seconds(Spec spec) {
        List<io.jmsbench.report.IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double wobble = i % 2 == 0 ? 1.01 : 0.99;
            double sent = spec.windowSent / 10.0 * wobble;
            double received = spec.windowReceived / 10.0 * wobble;
            window.add(new io.jmsbench.report.IntervalSample(21 + i, "measure", Math.round(sent), sent,
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
                  - {clients: 1}
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
        Snapshot start = spec.window ? snapshot(20 * S, 10_000, 10_000, 0, spec, before) : null;
        Snapshot end = spec.window ? snapshot(30 * S, 10_000 + spec.windowSent, 10_000 + spec.windowReceived,
                Math.round(spec.hostBusy * (30 * S / 10_000_000 - 20 * S / 10_000_000)), spec, after) : null;
        if (end != null) {
            // the host's ticks over the window: busy share as asked
            end = new Snapshot(end.nanos(), end.publishers(), end.subscribers(), null,
                    spec.brokerCpuKnown ? end.brokerCpuNanos() : -1, 0,
                    ProcessResources.UNKNOWN, new HostCpu(Math.round(spec.hostBusy * 1000), 1000 + 20 * S / 10_000_000),
                    0, after);
            start = new Snapshot(start.nanos(), start.publishers(), start.subscribers(), null,
                    spec.brokerCpuKnown ? start.brokerCpuNanos() : -1, 0,
                    ProcessResources.UNKNOWN, new HostCpu(0, 20 * S / 10_000_000), 0, before);
        }
        PointObservation o = new PointObservation(spec.ending, new PhaseTimes(null, null, null, null, null, null),
                1.0, spec.samples != null ? spec.samples : seconds(spec), start, end,
                new Counters(40 * S, 0, 0, 0, 0, List.of(new ClientCount("pub-0", spec.totalSent, spec.sendErrors,
                        spec.sendErrors > 0 ? "refused" : null)), HostSample.UNKNOWN),
                counters(41 * S, "sub-0-0", spec.totalReceived, 0, 0.3), spec.drain, spec.audit, spec.latency,
                spec.placement, PointEnvironment.NONE, spec.windows, spec.faults);
        PointJudge judge = new PointJudge(scenario, 2, false);
        List<Finding> findings = new ArrayList<>(judge.judge(o, WindowFigures.of(o, 2)));
        findings.addAll(judge.brokerCounts(o, spec.brokerCounts));
        return findings;
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

    @Test
    void eachRuleGivesItsCode() throws Exception {
        List<String> wrong = new ArrayList<>();
        check(wrong, "aborted", s -> s.ending = Ending.failed("stalled"), ABORTED);
        check(wrong, "no window", s -> s.window = false, WINDOW_NOT_COMPLETED);
        check(wrong, "nothing sent", s -> { s.windowSent = 0; s.windowReceived = 0; }, NO_MESSAGES_IN_WINDOW);
        check(wrong, "send errors", s -> s.sendErrors = 3, SEND_ERRORS);
        check(wrong, "timeout", s -> s.drain = new Drain("timeout", 10, 20_000, 19_000), DRAIN_TIMEOUT);
        check(wrong, "quiet", s -> s.drain = new Drain("quiet", 2, 20_000, 19_000), DRAIN_INCOMPLETE);
        check(wrong, "grade", s -> {
            s.totalReceived = 19_000;
            s.brokerCounts = counts(20_000, 19_000, 0, 0);
        }, REPLICATION_GRADE_MISMATCH);
        check(wrong, "broker idle", s -> s.hostBusy = 0.5, CPU_RULE_BROKER);
        check(wrong, "client busy", s -> s.publisherCores = 1.8, CPU_RULE_CLIENT);
        check(wrong, "foreign load", s -> s.publisherCores = 0.1, CPU_RULE_FOREIGN_LOAD); // 0.4 cores unaccounted
        check(wrong, "duplicates", s -> s.audit = new AuditCounts(0, 5, 0, 0, 0, 1, 1, false), DUPLICATES);
        check(wrong, "persistent loss", s -> {
            s.overrides = List.of("delivery.persistent=true", "delivery.durable=true");
            s.audit = new AuditCounts(7, 0, 0, 0, 0, 1, 1, false);
        }, PERSISTENT_MESSAGES_LOST);
        check(wrong, "target rate", s -> s.overrides = List.of("publishers.rate=2000"), TARGET_RATE_MISSED);
        check(wrong, "backlog grew", s -> s.windowReceived = 5_000, NOT_STEADY);
        check(wrong, "never steady", s -> {
            s.overrides = List.of("phases.warmup=auto");
            s.windows = new io.jmsbench.report.PointResult.Windows("bound", 120, Double.NaN, "time", Double.NaN);
        }, NEVER_STEADY);
        check(wrong, "separate hosts, broker unknown", s -> {
            s.placement = new Placement(true, false, true, List.of());
            s.hosts = Map.of(Workers.BROKER_HOST, new double[] {Double.NaN});
        }, CPU_RULE_BROKER_UNKNOWN);
        check(wrong, "separate hosts, client host busy", s -> {
            s.placement = new Placement(true, false, true, List.of());
            s.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99}, "publisher-agent-1", new double[] {0.9});
        }, CPU_RULE_CLIENT);
        check(wrong, "a fault not injected", s -> {
            s.moreYaml = PAUSES;
            s.faults = List.of(new io.jmsbench.run.point.Faults.FaultEvent("pause-broker", 5, 0, "kill -STOP failed"));
        }, FAULT_NOT_INJECTED);
        assertEquals(List.of(), wrong);
    }

    private static final String PAUSES = "faults:\n  - {action: pause-broker, at: 5s, every: 10s, times: 2}\n";

    @Test
    void aPointWithFaultsIsJudgedOnWhatItDeliveredNotOnCapacity() throws Exception {
        Spec spec = new Spec();
        spec.moreYaml = PAUSES;
        spec.faults = List.of(new io.jmsbench.run.point.Faults.FaultEvent("pause-broker", 5, 2, null),
                new io.jmsbench.run.point.Faults.FaultEvent("pause-broker", 15, 2, null));
        spec.hostBusy = 0.5; // an idle broker: no capacity here, and none claimed
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, FAULTS_INJECTED), findings.stream().map(Finding::code).toList());
        assertTrue(findings.get(1).text().startsWith("faults: 2 of 2 injected (pause-broker x2)"), findings.toString());

        spec.audit = new AuditCounts(7, 0, 0, 0, 0, 1, 1, false);
        spec.overrides = List.of("delivery.persistent=true", "delivery.durable=true");
        assertEquals(List.of(PERSISTENT_MESSAGES_LOST), invalid(spec), "a loss through faults is still a loss");
    }

    private static void check(List<String> wrong, String name, java.util.function.Consumer<Spec> change,
                              FindingCode expected) throws Exception {
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

    private static io.jmsbench.report.BrokerCounts counts(long in, long acknowledged, long inFlight, long held) {
        return new io.jmsbench.report.BrokerCounts("test", in, acknowledged, acknowledged, inFlight, held);
    }

    @Test
    void aCapacityWindowTooShortForAnIntervalIsUnverified() throws Exception {
        Spec spec = new Spec();
        spec.samples = List.of();
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, WINDOW_TOO_SHORT), findings.stream().map(Finding::code).toList());
        assertEquals(io.jmsbench.verdict.Verdict.UNVERIFIED, io.jmsbench.verdict.Verdict.of(findings));
        assertEquals("unverified: the window had 0 one-second samples, fewer than the 5 a 95% interval needs, so "
                + "neither the rates' precision nor whether the broker's backlog held still could be told; a longer "
                + "window, or measure: auto", findings.get(1).text());
    }

    @Test
    void notesNeverMakeAPointInvalid() throws Exception {
        Spec spec = new Spec();
        spec.overrides = List.of("phases.warmup=2s", "message.stamped=false", "publishers.rate=1000",
                "phases.measure=auto");
        spec.windowReceived = 5_000; // the backlog grew by 5,000 in the window, at a fixed rate
        spec.audit = new AuditCounts(3, 0, 0, 0, 0, 1, 1, false); // non-persistent: loss allowed
        spec.windows = new io.jmsbench.report.PointResult.Windows("time", 2, Double.NaN, "bound", 0.05);
        assertEquals(List.of(SHARED_HOST, NOT_WARMED_UP, UNSTAMPED, BACKLOG_CHANGED, MESSAGES_LOST_ALLOWED,
                PRECISION_NOT_REACHED).stream()
                .sorted().toList(), codes(spec).stream().sorted().toList());
        assertEquals(List.of(), invalid(spec));
    }

    @Test
    void aWindowWhoseSecondsStayCorrelatedSaysItsIntervalMayBeTooNarrow() throws Exception {
        Spec spec = new Spec();
        List<io.jmsbench.report.IntervalSample> ramp = new ArrayList<>();
        for (int i = 0; i < 10; i++) { // the rate still climbing through the window
            ramp.add(new io.jmsbench.report.IntervalSample(21 + i, "measure", 900 + 20 * i, 900 + 20 * i,
                    900 + 20 * i, 900 + 20 * i, 1, 0.5, 0.3, 0.99));
        }
        spec.samples = ramp;
        List<Finding> findings = judge(spec);
        assertEquals(List.of(SHARED_HOST, INTERVAL_CORRELATED, INTERVAL_CORRELATED),
                findings.stream().map(Finding::code).toList());
        assertEquals("the 95% interval of the received rate may be too narrow: the means of its 5 batches of 2 s "
                + "stayed correlated (lag-1 0.40 > 0.20); a longer window helps", findings.get(1).text());
    }

    @Test
    void aCapacityPointWhoseBrokerCpuNothingMeasuredIsUnverified() throws Exception {
        Spec external = new Spec(); // an external broker by URL, agents on this machine, no monitor
        external.brokerCpuKnown = false;
        external.hostBusy = 0.5; // this host's idle share says nothing of a broker elsewhere
        List<Finding> findings = judge(external);
        assertEquals(List.of(SHARED_HOST, BROKER_CPU_NOT_MEASURED), findings.stream().map(Finding::code).toList());
        assertEquals(io.jmsbench.verdict.Verdict.UNVERIFIED, io.jmsbench.verdict.Verdict.of(findings));
        assertEquals("unverified: the broker's CPU was not measured, so the rule that a capacity point saturates the "
                + "broker could not be checked: start 'jmsbench agent --role monitor' on the broker's host and list "
                + "it as agents.monitor", findings.get(1).text());

        Spec testbed = new Spec(); // agents on machines of their own, no monitor on the broker's
        testbed.brokerCpuKnown = false;
        testbed.placement = new Placement(true, false, false, List.of());
        assertEquals(List.of(BROKER_CPU_NOT_MEASURED), codes(testbed));

        Spec monitored = new Spec(); // agents sharing a kernel, an external broker, a monitor that answered
        monitored.brokerCpuKnown = false;
        monitored.placement = new Placement(true, true, false, List.of());
        monitored.hosts = Map.of(Workers.BROKER_HOST, new double[] {0.99});
        assertEquals(List.of(SHARED_HOST), codes(monitored));

        Spec embedded = new Spec(); // the broker's JVM measured, agents on machines of their own, no monitor
        embedded.placement = new Placement(true, false, false, List.of());
        assertEquals(List.of(BROKER_HOST_NOT_MONITORED), codes(embedded));

        Spec paced = new Spec(); // no capacity claimed: the broker rule does not apply, a note says how to get it
        paced.brokerCpuKnown = false;
        paced.placement = new Placement(true, false, false, List.of());
        paced.overrides = List.of("publishers.rate=1000");
        assertEquals(List.of(BROKER_HOST_NOT_MONITORED), codes(paced));
        assertEquals(io.jmsbench.verdict.Verdict.VALID, io.jmsbench.verdict.Verdict.of(judge(paced)));
    }

    @Test
    void uncertainClocksFlagTheLatency() throws Exception {
        Spec spec = new Spec();
        spec.placement = new Placement(true, false, true, List.of(new ClockOffset("publisher-agent-1", AgentRole.PUBLISHER, 0, 40, true),
                new ClockOffset("subscriber-agent-1", AgentRole.SUBSCRIBER, 0, 30, true)));
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
}
