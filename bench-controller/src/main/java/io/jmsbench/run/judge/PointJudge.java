package io.jmsbench.run.judge;

import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.BacklogFigures;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.report.BrokerHealth;
import io.jmsbench.report.ClockOffset;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.run.point.PointDriver;
import io.jmsbench.run.point.GroupGrade;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.FaultSpec;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.text.Durations;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import io.jmsbench.system.CpuPartitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Judges one point: a pure function from its scenario, what its driver observed and the broker's
 * own counts to typed findings ({@link #judge}). A point is valid when no finding is
 * {@link Finding.Severity#INVALID} or {@link Finding.Severity#UNVERIFIED}. Every rule is one method
 * below, in {@link MessageRules} (what became of the messages) or in {@link HeaderRules} (what the
 * messages' time to live, groups and delivery delay did), called in order by
 * {@link #judge} (the paper's CPU rules and the backlog's steadiness have classes of their own,
 * called by one method each); a new rule is a method, a {@link FindingCode} and its row in
 * {@code PointJudgeTest}'s rule table, which fails for a code without one.
 */
public final class PointJudge {

    private final Scenario scenario;
    private final int hostCores;
    private final boolean brokerReused;
    private final double expectedGrade;
    private final GroupGrade grade;
    private final MessageRules messages;
    private final HeaderRules headers;
    /** Some subscribers join late, leave early or are slow: a deliberate backlog, not a capacity point. */
    private final boolean scheduled;

    /** {@code brokerReused}: one broker serves every point of the run ({@code broker.reuse} with several points). */
    public PointJudge(Scenario scenario, int hostCores, boolean brokerReused) {
        this.scenario = scenario;
        this.hostCores = hostCores;
        this.brokerReused = brokerReused;
        this.grade = new GroupGrade(scenario);
        this.expectedGrade = grade.asked();
        this.messages = new MessageRules(scenario, grade);
        this.headers = new HeaderRules(scenario);
        this.scheduled = scenario.subscribers().stream().anyMatch(SubscriberGroup::scheduled);
    }

    Scenario scenario() {
        return scenario;
    }

    /** What the point's publishers sent: its payload bytes follow from it. */
    public MessageSpec message() {
        return scenario.message();
    }

    public double expectedGrade() {
        return expectedGrade;
    }

    /** The grade expected of what the point's publishers sent: per group, weighted by their counts. */
    public double expectedGrade(PointObservation o) {
        return grade.of(o.publishersFinal());
    }

    /** What the point's latency is measured from: the intended send time at a fixed rate, the actual send saturated. */
    public String latencyBasis() {
        return LatencyFigures.basis(scenario.publishers().saturated(),
                scenario.publishers().rate() instanceof PublishRate.Profile);
    }

    /** What expired apart from what was lost, where messages carry a time to live ({@code null} otherwise). */
    public ExpiryFigures expiry(PointObservation o, BrokerCounts counts) {
        return headers.expiry(o.audit(), counts);
    }

    /** The half-width over the mean an auto window asks for; NaN for a fixed window. */
    public double precisionTarget() {
        return scenario.phases().measureAuto() ? scenario.phases().precision() : Double.NaN;
    }

    /**
     * Every finding about the point, in the order of the rules below. {@code counts}: the broker's
     * own, when they could be read ({@code null} otherwise).
     */
    public List<Finding> judge(PointObservation o, WindowFigures figures, BrokerCounts counts) {
        return judge(o, figures, counts, null);
    }

    /** As the other, with what an external broker's management interface said ({@code null}: nothing asked). */
    public List<Finding> judge(PointObservation o, WindowFigures figures, BrokerCounts counts, BrokerHealth health) {
        List<Finding> findings = new ArrayList<>();
        notWarmedUp(findings);
        unstamped(findings);
        brokerReused(findings);
        placement(o, findings);
        ending(o, findings);
        neverSteady(o.windows(precisionTarget()), findings);
        precisionNotReached(o.windows(precisionTarget()), figures, findings);
        if (o.windowComplete()) {
            boolean capacityRun = scenario.publishers().saturated() && scenario.faults().isEmpty() && !scheduled;
            brokerCpuNotMeasured(o, findings);
            hostCpuNotMeasured(o, figures, findings);
            brokerProcessNotMeasured(o, findings);
            cpu(o, figures, capacityRun, findings);
            countNotReached(figures, findings);
            if (!scheduled) {
                steadyState(o, figures, capacityRun, findings);
            }
            windowTooShort(o, figures, capacityRun, findings);
            interval("received", figures.receivedInterval(), findings);
            interval("dispatched", figures.dispatchedInterval(), findings);
            sentRate(o, figures, findings);
        }
        ProfileRules.shortfall(o.samples()).ifPresent(findings::add);
        MessageRules.sendErrors(o.publishersFinal(), findings);
        MessageRules.receiveErrors(o.subscribersFinal(), findings);
        ExpiryFigures expiry = headers.expiry(o.audit(), counts);
        messages.audit(HeaderRules.withoutExpired(o.audit(), expiry), expiry, findings);
        MessageRules.drain(o.drainFigures(), expiry, findings);
        messages.unanswered(o.roundTrip(), findings);
        messages.grade(o, expiry, findings);
        clocks(o, findings);
        faults(o, findings);
        consumerSchedule(o, expiry, findings);
        messages.brokerCounts(o, counts, expiry, findings);
        headers.expired(expiry, o.audit(), findings);
        headers.groups(o.audit(), findings);
        headers.deliveryDelay(findings);
        BrokerHealthRules.check(health, findings);
        return List.copyOf(findings);
    }

    /** A fixed warm-up shorter than the JIT needs. */
    private void notWarmedUp(List<Finding> findings) {
        if (!scenario.phases().warmupAuto() && scenario.phases().warmup().compareTo(Defaults.MIN_WARMED_UP) < 0) {
            findings.add(Finding.of(FindingCode.NOT_WARMED_UP, "not warmed up: warm-up "
                    + Durations.format(scenario.phases().warmup()) + " < " + Durations.format(Defaults.MIN_WARMED_UP)
                    + "; throughput may still be climbing (JIT)"));
        }
    }

    private void unstamped(List<Finding> findings) {
        if (!scenario.message().stamped()) {
            findings.add(Finding.of(FindingCode.UNSTAMPED,
                    "unstamped messages (message.stamped: false): no audit and no latency, rates only"));
        }
    }

    private void brokerReused(List<Finding> findings) {
        if (brokerReused) {
            findings.add(Finding.of(FindingCode.BROKER_REUSED,
                    "broker reused: one broker served every point of this run (broker.reuse)"));
        }
    }

    private void placement(PointObservation o, List<Finding> findings) {
        if (o.placement() == null) {
            return;
        }
        if (o.placement().partitioned()) {
            CpuPartitions p = o.placement().partitions();
            findings.add(Finding.of(FindingCode.PARTITIONED_HOST, "partitioned host: the broker on CPU " + p.broker()
                    + (p.clientsShare() ? ", the clients on CPU " + p.publishers() : ", the publishers on CPU "
                    + p.publishers() + ", the subscribers on CPU " + p.subscribers()) + " of this machine's "
                    + hostCores + "; judged partition for host, but the partitions still share "
                    + "memory bandwidth, caches and the loopback network"));
        } else if (!o.placement().remote()) {
            findings.add(Finding.of(FindingCode.SHARED_HOST, "shared host: broker, publishers and subscribers share "
                    + "this machine's " + hostCores + " cores, so this is not a testbed capacity figure"));
        } else if (o.placement().sharedHost()) {
            findings.add(Finding.of(FindingCode.SHARED_HOST, "shared host: some agents (or an agent and the broker) "
                    + "run on one machine (the same kernel boot id), so they share cores; CPU rules apply per JVM; "
                    + "not a testbed capacity figure"));
        } else if (!o.placement().brokerHostMonitored() && !brokerCpuUnverified(o)) {
            findings.add(Finding.of(FindingCode.BROKER_HOST_NOT_MONITORED, "broker host not monitored: start "
                    + "'jmsbench agent --role monitor' on the broker's machine and list it as agents.monitor, so the "
                    + "broker-CPU rule can be checked"));
        }
    }

    private static void ending(PointObservation o, List<Finding> findings) {
        switch (o.ending().kind()) {
            case STALLED -> findings.add(Finding.of(FindingCode.STALLED, "aborted: " + o.ending().sentence()));
            case AGENT_LOST, BROKER_DOWN, FAILED, INTERRUPTED, INTERNAL_ERROR -> findings.add(Finding.of(
                    FindingCode.ABORTED, "aborted: " + o.ending().sentence()));
            case COMPLETED -> {
                if (!o.windowComplete()) {
                    findings.add(Finding.of(FindingCode.WINDOW_NOT_COMPLETED,
                            "the measurement window was never completed"));
                }
            }
        }
    }

    /** A capacity point whose broker CPU nothing measured: no rule can say whether the broker was saturated. */
    private void brokerCpuNotMeasured(PointObservation o, List<Finding> findings) {
        if (brokerCpuUnverified(o)) {
            findings.add(Finding.of(FindingCode.BROKER_CPU_NOT_MEASURED, "unverified: the broker's CPU was not "
                    + "measured, so the rule that a capacity point saturates the broker could not be checked: start "
                    + "'jmsbench agent --role monitor' on the broker's host and list it as agents.monitor"));
        }
    }

    /** A broker on another host whose process its monitor agent did not find: why, in the monitor's terms. */
    private static void brokerProcessNotMeasured(PointObservation o, List<Finding> findings) {
        BrokerProcessSample monitored = o.windowEnd().monitoredBroker();
        if (o.windowEnd().brokerCpuNanos() < 0 && monitored != null && !monitored.found()) {
            findings.add(Finding.of(FindingCode.BROKER_PROCESS_NOT_MEASURED, "broker process not measured: the "
                    + "monitor agent on the broker's host did not find it: " + monitored.missing().describe(
                    monitored.port()) + "; the broker's own cores are unknown, its host's busy share still stands"));
        }
    }

    /**
     * A capacity point on a shared host whose busy share is unknown: the broker's own CPU may be
     * measured, but not whether the clients left it idle cycles.
     */
    private void hostCpuNotMeasured(PointObservation o, WindowFigures figures, List<Finding> findings) {
        boolean sharedHost = o.placement() == null || (!o.placement().partitioned() && o.placement().sharedHost());
        if (sharedHost && scenario.publishers().saturated() && o.windowComplete()
                && Double.isNaN(figures.cpu().hostBusy())) {
            findings.add(Finding.of(FindingCode.HOST_CPU_NOT_MEASURED, "unverified: the shared host's busy share was "
                    + "not measured (no /proc/stat: jmsbench reads Linux's), so the rule that a capacity point "
                    + "saturates the host could not be checked"));
        }
    }

    /** The paper's CPU rules, per host where every host is a machine of its own, per JVM on a shared one. */
    private void cpu(PointObservation o, WindowFigures figures, boolean capacityRun, List<Finding> findings) {
        if (o.placement() != null && o.placement().partitioned()) {
            findings.addAll(CpuRules.partitions(figures.cpu(), scenario.validity(), capacityRun));
        } else {
            findings.addAll(o.placement() != null && !o.placement().sharedHost()
                    ? CpuRules.separateHosts(o, scenario.validity(), capacityRun)
                    : CpuRules.sharedHost(figures.cpu(), scenario.validity(), capacityRun && brokerCpuMeasured(o)));
        }
    }

    /** A count-bounded window that its time ended first. */
    private void countNotReached(WindowFigures figures, List<Finding> findings) {
        long bound = scenario.phases().messages();
        if (bound > 0 && figures.received().messages() < bound) {
            findings.add(Finding.of(FindingCode.WINDOW_ENDED_BY_TIME, "the window ended by time (measure) before "
                    + bound + " messages were sent"));
        }
    }

    /** Whether the broker's backlog held still over the window ({@link SteadyState}). */
    private void steadyState(PointObservation o, WindowFigures figures, boolean capacityRun, List<Finding> findings) {
        Optional<Finding> clients = SteadyState.check(figures.received(), figures.dispatched(), expectedGrade(o),
                WindowFigures.windowSamples(o), scenario.phases().precision(), capacityRun);
        Optional<Finding> broker = SteadyState.brokerDepth(o.windowStart().brokerDepth(), o.windowEnd().brokerDepth(),
                figures.received(), scenario.phases().precision(), capacityRun);
        clients.or(() -> broker).ifPresent(findings::add);
    }

    /** A capacity window with too few seconds for an interval: neither its precision nor its steadiness is known. */
    private void windowTooShort(PointObservation o, WindowFigures figures, boolean capacityRun,
                                List<Finding> findings) {
        if (capacityRun && Double.isNaN(figures.receivedInterval().halfWidth())) {
            findings.add(Finding.of(FindingCode.WINDOW_TOO_SHORT, String.format(Locale.ROOT, "unverified: the window "
                    + "had %d one-second samples, fewer than the %d a 95%% interval needs, so neither the rates' precision"
                    + " nor whether the broker's backlog held still could be told; a longer window, or measure: auto",
                    WindowFigures.windowSamples(o).size(), BatchMeans.MIN_BATCHES)));
        }
    }

    /**
     * Nothing sent in the window, or a fixed rate missed (faults excuse a missed rate: they are the
     * point); a profile's target is its mean over the window's seconds.
     */
    private void sentRate(PointObservation o, WindowFigures figures, List<Finding> findings) {
        double target = scenario.publishers().rate() instanceof PublishRate.PerSecond fixed ? fixed.total()
                : ProfileRules.windowTarget(scenario.publishers().rate(), o,
                figures.received().seconds());
        if (figures.received().messages() == 0) {
            findings.add(Finding.of(FindingCode.NO_MESSAGES_IN_WINDOW, "no message was sent during the measurement window"));
        } else if (figures.received().rate() < 0.99 * target && scenario.faults().isEmpty()) {
            findings.add(Finding.of(FindingCode.TARGET_RATE_MISSED, String.format(Locale.ROOT,
                    "missed the target rate: %.0f of %.0f msgs/s sent", figures.received().rate(), target)));
        }
    }

    /** What a point with faults measured, and any fault that could not be injected or undone. */
    private void faults(PointObservation o, List<Finding> findings) {
        if (scenario.faults().isEmpty()) {
            return;
        }
        long injected = o.faults().stream().filter(e -> e.error() == null).count();
        int planned = scenario.faults().stream().mapToInt(FaultSpec::times).sum();
        findings.add(Finding.of(FindingCode.FAULTS_INJECTED, String.format(Locale.ROOT, "faults: %d of %d injected "
                + "(%s); the rates include them, so this point shows what the broker loses and how it comes back, not "
                + "its capacity", injected, planned, scenario.faults().stream().map(f -> f.action().yamlName() + " x"
                + f.times()).collect(Collectors.joining(", ")))));
        o.faults().stream().filter(e -> e.error() != null).forEach(e -> findings.add(Finding.of(
                FindingCode.FAULT_NOT_INJECTED, String.format(Locale.ROOT, "fault at %.1f s: %s", e.at(), e.error()))));
    }

    /**
     * Late, leaving or slow subscribers: the point is judged on what it delivered (the audit and the
     * drain), its backlog's figures said, and a backlog still there at the point's end named.
     */
    private void consumerSchedule(PointObservation o, ExpiryFigures expiry, List<Finding> findings) {
        if (!scheduled) {
            return;
        }
        BacklogFigures b = backlog(o);
        String figures = b == null ? "no backlog was followed (the point ended before its first second)"
                : String.format(Locale.ROOT, "backlog peaked at %,d messages at %.0f s", b.peak(), b.peakAt())
                + (b.none() ? String.format(Locale.ROOT, ", never above the %,d counted as in flight", b.tolerance())
                : b.drained() ? String.format(Locale.ROOT, ", drained %.0f s after the consumers joined",
                b.drainSeconds()) : "");
        findings.add(Finding.of(FindingCode.CONSUMERS_SCHEDULED, "late, leaving or slow subscribers: the backlog is "
                + "deliberate, so this point shows how it builds and drains, not the broker's capacity; " + figures));
        // with a time to live, what the broker discarded is no backlog
        long unexplained = expiry == null ? lastBacklog(o) : lastBacklog(o) - Math.min(lastBacklog(o), expiry.explained());
        if (b != null && !b.drained() && o.windowComplete() && unexplained > b.tolerance()) {
            findings.add(Finding.of(FindingCode.BACKLOG_NOT_DRAINED, String.format(Locale.ROOT, "backlog not "
                    + "drained: %,d messages still unreceived at the last sample (%.0f s), more than the %,d allowed as"
                    + " in flight", lastBacklog(o), lastSampleAt(o), b.tolerance())));
        }
    }

    /** The backlog's figures for a point with late, leaving or slow subscribers; {@code null} otherwise. */
    public BacklogFigures backlog(PointObservation o) {
        if (!scheduled) {
            return null;
        }
        double joinedAt = scenario.subscribers().stream().map(SubscriberGroup::start).filter(Objects::nonNull)
                .mapToDouble(d -> d.toNanos() / 1e9).max().orElse(0);
        Drain drain = o.drainFigures();
        double stoppedAt = o.samples().stream().filter(s -> !"drain".equals(s.phase())).mapToDouble(IntervalSample::t)
                .max().orElse(Double.NaN);
        double drainEndsAt = drain != null && drain.outcome() == DrainEnd.COMPLETE ? stoppedAt + drain.seconds()
                : Double.NaN;
        return BacklogFigures.of(o.samples(), joinedAt, drainEndsAt);
    }

    private static long lastBacklog(PointObservation o) {
        return o.samples().stream().filter(s -> s.backlog() != null).reduce((a, b) -> b).map(IntervalSample::backlog)
                .orElse(0L);
    }

    private static double lastSampleAt(PointObservation o) {
        return o.samples().isEmpty() ? Double.NaN : o.samples().get(o.samples().size() - 1).t();
    }

    /** An auto warm-up that reached its bound with the rates still changing. */
    private void neverSteady(Windows windows, List<Finding> findings) {
        if (windows.warmupEnd() == null) {
            return;
        }
        switch (windows.warmupEnd()) {
            case BOUND -> findings.add(Finding.of(FindingCode.NEVER_STEADY, "never steady: the rates were still "
                    + "changing when the warm-up reached maxWarmup (" + Durations.format(scenario.phases().warmup())
                    + "), so the window may hold the start-up transient; a longer maxWarmup, or a look at the "
                    + "per-second rates"));
            case TIME, STEADY -> {
                // a fixed warm-up is judged by its length (notWarmedUp); a steady one is what was asked
            }
        }
    }

    /** An auto window that reached its bound before its rates were known to the precision asked. */
    private void precisionNotReached(Windows windows, WindowFigures figures, List<Finding> findings) {
        if (windows.windowEnd() == null) {
            return;
        }
        switch (windows.windowEnd()) {
            case BOUND -> {
                double reached = Math.max(figures.received().ci95() / figures.received().rate(),
                        figures.dispatched().ci95() / figures.dispatched().rate());
                findings.add(Finding.of(FindingCode.PRECISION_NOT_REACHED, String.format(Locale.ROOT, "precision not "
                        + "reached: the window reached maxMeasure (%s) with its rates known to ±%s, not the ±%.1f%% "
                        + "asked", Durations.format(scenario.phases().measure()), Double.isNaN(reached)
                        ? "an unknown interval" : String.format(Locale.ROOT, "%.1f%%", 100 * reached),
                        100 * windows.precisionTarget())));
            }
            case TIME, MESSAGES, PRECISION, CUT -> {
                // a window that ended as it was asked to, or one cut short, which the point's ending tells
            }
        }
    }

    /** An interval whose batch means stayed correlated understates the uncertainty: say so. */
    private static void interval(String rate, BatchMeans interval, List<Finding> findings) {
        if (interval.correlated()) {
            findings.add(Finding.of(FindingCode.INTERVAL_CORRELATED, String.format(Locale.ROOT, "the 95%% interval of "
                    + "the %s rate may be too narrow: the means of its %d batches of %d s stayed correlated (lag-1 "
                    + "%.2f > %.2f); a longer window helps", rate, interval.batches(), interval.batchSize(),
                    interval.lag1(), BatchMeans.MAX_LAG1)));
        }
    }

    /**
     * Whether anything measured the broker's CPU: its process, on this machine or as the monitor
     * agent on its host read it, or that monitor's host busy share. On a shared host, the host's busy
     * share speaks for the broker only when the broker is one of the processes sharing it, which for
     * an external broker nothing shows. A monitor that found nothing on the broker's port does not
     * disprove its host: a broker in a container or a pod listens in a network namespace of its own.
     */
    private static boolean brokerCpuMeasured(PointObservation o) {
        boolean process = o.windowStart().brokerCpuNanos() >= 0 && o.windowEnd().brokerCpuNanos() >= 0;
        boolean monitor = !Double.isNaN(WindowFigures.hostBusy(o, Workers.BROKER_HOST));
        return process || monitor;
    }

    /** A capacity point whose broker CPU nothing measured: the unverified finding already says how to fix it. */
    private boolean brokerCpuUnverified(PointObservation o) {
        return scenario.publishers().saturated() && o.windowComplete() && !brokerCpuMeasured(o);
    }

    /**
     * Latency across hosts is only as good as the clocks: flags it when the offsets' combined
     * uncertainty (a publisher's plus a subscriber's, the worst pair) is above the allowed
     * fraction of the median latency.
     */
    private void clocks(PointObservation o, List<Finding> findings) {
        if (o.placement() == null || o.latency() == null || o.latency().count() == 0) {
            return;
        }
        double pub = 0;
        double sub = 0;
        boolean applied = false;
        for (ClockOffset c : o.placement().clocks()) {
            applied |= c.applied();
            switch (c.role()) {
                case PUBLISHER -> pub = Math.max(pub, c.uncertaintyMicros());
                case SUBSCRIBER -> sub = Math.max(sub, c.uncertaintyMicros());
                case MONITOR -> {
                    // the monitor stamps no message: its clock is in no latency
                }
            }
        }
        double median = o.latency().p50();
        double uncertainty = pub + sub;
        if (applied && uncertainty > scenario.validity().clockUncertaintyMax() * median) {
            findings.add(Finding.of(FindingCode.LATENCY_CLOCKS_UNCERTAIN, String.format(Locale.ROOT, "latency flagged: "
                    + "the clock offsets are uncertain by up to ±%.1f µs, more than %.0f%% of the median latency "
                    + "%.1f µs", uncertainty, scenario.validity().clockUncertaintyMax() * 100, median)));
        }
    }

    static String lastError(Counters counters) {
        return PointDriver.lastError(counters).orElse(null);
    }
}
