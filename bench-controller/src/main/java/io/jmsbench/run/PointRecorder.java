package io.jmsbench.run;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointResult.AgentFootprint;
import io.jmsbench.report.PointResult.BrokerResources;
import io.jmsbench.report.PointResult.ClientSpread;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.report.PointResult.ReplicationGrade;
import io.jmsbench.report.PointResult.Totals;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.report.LatencyFigures;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import io.jmsbench.model.ModelInputs;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.Validity;
import io.jmsbench.workload.ExpectedReplication;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one point measured, filled in as the run goes and turned into a {@link PointResult} at the
 * end, also when the run was aborted halfway: whatever was measured is kept, and judged invalid.
 */
final class PointRecorder {

    private final double expectedGrade;
    private final int filters;
    private final int hostCores;
    private final Validity validity;
    private final boolean capacityRun;
    private final double targetRate;
    private final long messageBound;
    /** Persistent messages to a queue or a durable subscription: the broker must not lose one. */
    private final boolean persistentKept;
    private final boolean duplicatesAllowed;
    private final List<IntervalSample> samples = new ArrayList<>();
    final List<String> labels = new ArrayList<>();
    final Map<String, String> times = new HashMap<>();
    Snapshot windowStart;
    Snapshot windowEnd;
    Counters publishersFinal;
    Counters subscribersFinal;
    Drain drain;
    /** Every latency of the measurement window, merged. */
    private final Histogram window = Histograms.empty();
    private java.nio.file.Path hlogFile;
    private HistogramLogWriter hlog;
    private java.io.PrintStream hlogStream;
    /** HistogramLogWriter's default: the max column in milliseconds for nanosecond histograms. */
    private static final double HLOG_MAX_VALUE_UNIT_RATIO = 1_000_000.0;
    private long hlogBaseMillis;
    private final String latencyBasis;
    AuditCounts audit;
    double readySeconds = Double.NaN;
    private java.util.Collection<io.jmsbench.report.ClockOffset> clocks = List.of();
    /** Every agent (and the broker, when monitored) on a machine of its own: the paper's rules apply per host. */
    private boolean separateHosts;
    private boolean brokerHostMonitored;

    void clocks(java.util.Collection<io.jmsbench.report.ClockOffset> clocks) {
        this.clocks = List.copyOf(clocks);
    }

    void separateHosts(boolean brokerHostMonitored) {
        this.separateHosts = true;
        this.brokerHostMonitored = brokerHostMonitored;
    }

    PointRecorder(Scenario scenario, int hostCores, java.nio.file.Path hlogFile) {
        this.hlogFile = hlogFile;
        this.expectedGrade = ExpectedReplication.of(scenario);
        this.filters = scenario.filters();
        this.hostCores = hostCores;
        this.validity = scenario.validity();
        this.capacityRun = PublisherSpec.MAX_RATE.equals(scenario.publishers().rate());
        this.messageBound = scenario.phases().messages();
        this.targetRate = scenario.publishers().saturated() ? Double.NaN : Double.parseDouble(scenario.publishers().rate());
        this.latencyBasis = scenario.publishers().saturated() ? LatencyFigures.ACTUAL : LatencyFigures.INTENDED;
        this.duplicatesAllowed = scenario.delivery().ack() == io.jmsbench.scenario.DeliverySpec.AckMode.DUPS_OK;
        this.persistentKept = scenario.delivery().persistent() && (scenario.delivery().durable()
                || scenario.destination().type() == io.jmsbench.scenario.DestinationSpec.DestinationType.QUEUE);
    }

    void mark(String phaseEdge) {
        times.put(phaseEdge, java.time.Instant.now().toString());
    }

    IntervalSample sample(Snapshot from, Snapshot to, double secondsSinceStart, String phase) throws IOException {
        long sent = to.publishers().messages() - from.publishers().messages();
        long received = to.subscribers().messages() - from.subscribers().messages();
        Histogram latency = to.latency() == null ? Histograms.empty() : Histograms.decode(to.latency().histogram());
        if ("measure".equals(phase)) {
            window.add(latency);
        }
        log(latency, to, phase);
        boolean any = latency.getTotalCount() > 0;
        IntervalSample s = new IntervalSample(secondsSinceStart, phase, sent,
                perSecond(sent, to.publishers().monotonicNanos() - from.publishers().monotonicNanos()), received,
                perSecond(received, to.subscribers().monotonicNanos() - from.subscribers().monotonicNanos()),
                cores(from.brokerCpuNanos(), to.brokerCpuNanos(), to.nanos() - from.nanos()),
                agentCores(from.publishers(), to.publishers()), agentCores(from.subscribers(), to.subscribers()),
                to.host().utilisationSince(from.host()),
                micros(latency, 50), micros(latency, 90), micros(latency, 99), micros(latency, 99.9),
                micros(latency, 99.99), any ? latency.getMaxValue() / 1000.0 : Double.NaN);
        samples.add(s);
        return s;
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getTotalCount() == 0 ? Double.NaN : nanos.getValueAtPercentile(percentile) / 1000.0;
    }

    /**
     * Appends an interval to the point's {@code .hlog}, tagged with its phase, in HdrHistogram's
     * log format. The line carries the agent's encoding as it arrived: compressing the histogram
     * again (HistogramLogWriter's way) cost more than all the rest of the merge.
     */
    private void log(Histogram latency, Snapshot to, String phase) throws IOException {
        if (hlogFile == null || to.latency() == null) {
            return;
        }
        if (hlog == null) {
            hlogStream = new java.io.PrintStream(java.nio.file.Files.newOutputStream(hlogFile), false,
                    java.nio.charset.StandardCharsets.UTF_8);
            hlog = new HistogramLogWriter(hlogStream);
            hlog.outputComment("jmsbench end-to-end latency, nanoseconds, all subscribers merged; tags: phase");
            hlog.outputLogFormatVersion();
            hlog.outputStartTime(to.latency().startMillis());
            hlog.setBaseTime(to.latency().startMillis());
            hlog.outputLegend();
            hlogBaseMillis = to.latency().startMillis();
        }
        hlogStream.printf(java.util.Locale.ROOT, "Tag=%s,%.3f,%.3f,%.3f,%s%n", phase,
                (to.latency().startMillis() - hlogBaseMillis) / 1000.0,
                (to.latency().endMillis() - to.latency().startMillis()) / 1000.0,
                latency.getMaxValue() / HLOG_MAX_VALUE_UNIT_RATIO, to.latency().histogram());
    }

    void closeLog() {
        if (hlog != null) {
            hlog.close();
        }
    }

    PointResult result(String abortReason, Map<String, Object> parameters, int repeat) {
        List<String> labels = new ArrayList<>(this.labels); // what the result adds stays in the result
        List<String> invalid = new ArrayList<>();
        if (abortReason != null) {
            invalid.add("aborted: " + abortReason);
        }
        RateFigure received = new RateFigure(0, Double.NaN, 0);
        RateFigure dispatched = new RateFigure(0, Double.NaN, 0);
        CpuFigures cpu = new CpuFigures(hostCores, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        BrokerResources broker = new BrokerResources(-1, -1, -1, -1);
        AgentFootprint agents = new AgentFootprint(readySeconds, -1, -1, -1, -1);
        ClientSpread spread = new ClientSpread(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        if (windowStart != null && windowEnd != null) {
            received = window(windowStart.publishers(), windowEnd.publishers());
            dispatched = window(windowStart.subscribers(), windowEnd.subscribers());
            double brokerCores = cores(windowStart.brokerCpuNanos(), windowEnd.brokerCpuNanos(),
                    windowEnd.nanos() - windowStart.nanos());
            double publisherCores = agentCores(windowStart.publishers(), windowEnd.publishers());
            double subscriberCores = agentCores(windowStart.subscribers(), windowEnd.subscribers());
            double controllerCores = cores(windowStart.controllerCpuNanos(), windowEnd.controllerCpuNanos(),
                    windowEnd.nanos() - windowStart.nanos());
            cpu = new CpuFigures(hostCores, brokerCores, publisherCores, subscriberCores,
                    windowEnd.host().utilisationSince(windowStart.host()),
                    brokerCores / (brokerCores + publisherCores + subscriberCores), controllerCores);
            broker = new BrokerResources(windowEnd.broker().rssBytes(),
                    delta(windowStart.broker().readBytes(), windowEnd.broker().readBytes()),
                    delta(windowStart.broker().writeBytes(), windowEnd.broker().writeBytes()),
                    delta(windowStart.networkBytes(), windowEnd.networkBytes()));
            if (separateHosts) {
                cpu = new CpuFigures(hostCores, brokerCores, publisherCores, subscriberCores,
                        hostBusy(PointRun.MONITOR), Double.NaN, controllerCores);
                invalid.addAll(hostRules());
            } else {
                invalid.addAll(cpuRules(cpu));
            }
            agents = new AgentFootprint(readySeconds, windowEnd.publishers().heapUsedBytes(),
                    windowEnd.publishers().threads(), windowEnd.subscribers().heapUsedBytes(),
                    windowEnd.subscribers().threads());
            double[] pub = clientRates(windowStart.publishers(), windowEnd.publishers());
            double[] sub = clientRates(windowStart.subscribers(), windowEnd.subscribers());
            spread = new ClientSpread(pub[0], pub[1], sub[0], sub[1]);
            if (messageBound > 0 && received.messages() < messageBound) {
                labels.add("the window ended by time (measure) before " + messageBound + " messages were sent");
            }
            SteadyState.check(received, dispatched, expectedGrade).ifPresent(labels::add);
            if (received.messages() == 0) {
                invalid.add("no message was sent during the measurement window");
            } else if (received.rate() < 0.99 * targetRate) {
                invalid.add(String.format(java.util.Locale.ROOT, "missed the target rate: %.0f of %.0f msgs/s sent",
                        received.rate(), targetRate));
            }
        } else if (abortReason == null) {
            invalid.add("the measurement window was never completed");
        }
        long sent = publishersFinal == null ? 0 : publishersFinal.messages();
        long got = subscribersFinal == null ? 0 : subscribersFinal.messages();
        long sendErrors = publishersFinal == null ? 0 : publishersFinal.errors();
        long receiveErrors = subscribersFinal == null ? 0 : subscribersFinal.errors();
        double measuredGrade = sent == 0 ? Double.NaN : (double) got / sent;
        if (sendErrors > 0) {
            invalid.add(sendErrors + " send errors (last: " + lastError(publishersFinal) + ")");
        }
        if (receiveErrors > 0) {
            invalid.add(receiveErrors + " receive errors (last: " + lastError(subscribersFinal) + ")");
        }
        if (audit != null && audit.lost() > 0 && persistentKept) {
            invalid.add(audit.lost() + " persistent messages lost (sent, never received after the drain)");
        } else if (audit != null && audit.lost() > 0) {
            labels.add(audit.lost() + " messages lost: allowed, since non-persistent or non-durable delivery is at most "
                    + "once, but look at the drain and the broker's limits");
        }
        if (audit != null && audit.duplicates() > 0 && !duplicatesAllowed) {
            invalid.add(audit.duplicates() + " duplicate messages (only DUPS_OK_ACKNOWLEDGE allows them)");
        }
        if (drain != null && "timeout".equals(drain.outcome())) {
            invalid.add("inconclusive: the drain did not finish within its bound; "
                    + (drain.expectedMessages() - drain.receivedMessages()) + " of " + drain.expectedMessages()
                    + " expected receipts still missing, so loss cannot be told from delay");
        } else if (drain != null && !"complete".equals(drain.outcome())) {
            invalid.add("drain ended " + drain.outcome() + " with " + (drain.expectedMessages() - drain.receivedMessages())
                    + " of " + drain.expectedMessages() + " expected receipts missing");
        }
        // after an abort the publishers' final count may be a stale agent's last one: no grade to judge
        if (abortReason == null && sent > 0
                && Math.abs(measuredGrade - expectedGrade) > 0.02 * Math.max(expectedGrade, 1e-9)) {
            invalid.add(String.format(java.util.Locale.ROOT,
                    "measured replication grade %.4f differs from the expected %.4f by more than 2%%",
                    measuredGrade, expectedGrade));
        }
        clockFlag(labels);
        double overall = received.rate() + dispatched.rate();
        PhaseTimes phases = new PhaseTimes(times.get("clientsReady"), times.get("publishStart"),
                times.get("measureStart"), times.get("measureEnd"), times.get("publishStop"), times.get("drainEnd"));
        return new PointResult(parameters, repeat, invalid.isEmpty(), invalid, labels, phases, received, dispatched, overall,
                new ReplicationGrade(expectedGrade, measuredGrade), filters,
                new Totals(sent, got, sendErrors, receiveErrors, lastError(publishersFinal), lastError(subscribersFinal),
                        publishersFinal == null ? List.of() : publishersFinal.clients(),
                        subscribersFinal == null ? List.of() : subscribersFinal.clients()),
                drain == null ? new Drain("not reached", 0, 0, got) : drain, audit == null ? AuditCounts.NONE : audit,
                LatencyFigures.of(window, latencyBasis), cpu,
                broker, agents, spread, samples);
    }

    /**
     * The paper's rules (§3.3), applied per JVM since broker and clients share this host: for a
     * capacity run the host must be saturated (the broker then had all the CPU the clients left
     * it), and no agent JVM may take more than the client bound of the host's cores.
     */
    private List<String> cpuRules(CpuFigures cpu) {
        List<String> broken = new ArrayList<>();
        if (capacityRun && !Double.isNaN(cpu.hostBusy()) && cpu.hostBusy() < validity.brokerCpuMin()) {
            broken.add(String.format(java.util.Locale.ROOT, ModelInputs.CPU_RULE + "broker not saturated: the shared host was %.1f%% busy "
                    + "(< %.0f%%), so the broker was not the bottleneck", cpu.hostBusy() * 100,
                    validity.brokerCpuMin() * 100));
        }
        double bound = validity.clientCpuMax() * hostCores;
        if (cpu.publisherCores() > bound) {
            broken.add(String.format(java.util.Locale.ROOT, ModelInputs.CPU_RULE + "publisher agent used %.2f cores (> %.0f%% of %d cores): "
                    + "the clients may be the bottleneck", cpu.publisherCores(), validity.clientCpuMax() * 100, hostCores));
        }
        if (cpu.subscriberCores() > bound) {
            broken.add(String.format(java.util.Locale.ROOT, ModelInputs.CPU_RULE + "subscriber agent used %.2f cores (> %.0f%% of %d cores): "
                    + "the clients may be the bottleneck", cpu.subscriberCores(), validity.clientCpuMax() * 100, hostCores));
        }
        return broken;
    }

    /** The paper's rules (§3.3) per host, each agent's and the broker's host being a machine of its own. */
    private List<String> hostRules() {
        List<String> broken = new ArrayList<>();
        double brokerBusy = hostBusy(PointRun.MONITOR);
        if (capacityRun && brokerHostMonitored) {
            if (Double.isNaN(brokerBusy)) {
                broken.add(ModelInputs.CPU_RULE + "the broker host's CPU is unknown (its monitor agent did not answer)");
            } else if (brokerBusy < validity.brokerCpuMin()) {
                broken.add(String.format(java.util.Locale.ROOT, ModelInputs.CPU_RULE + "broker not saturated: its host "
                        + "was %.1f%% busy (< %.0f%%)", brokerBusy * 100, validity.brokerCpuMin() * 100));
            }
        }
        for (String agent : windowEnd.hosts().keySet()) {
            if (agent.equals(PointRun.MONITOR)) {
                continue;
            }
            double busy = hostBusy(agent);
            if (busy > validity.clientCpuMax()) {
                broken.add(String.format(java.util.Locale.ROOT, ModelInputs.CPU_RULE + "the host of %s was %.1f%% busy "
                        + "(> %.0f%%): the clients may be the bottleneck", agent, busy * 100,
                        validity.clientCpuMax() * 100));
            }
        }
        return broken;
    }

    private double hostBusy(String key) {
        io.jmsbench.protocol.HostSample from = windowStart.hosts().get(key);
        io.jmsbench.protocol.HostSample to = windowEnd.hosts().get(key);
        return from == null || to == null ? Double.NaN : to.cpuBusySince(from);
    }

    /**
     * Latency across hosts is only as good as the clocks: flags it when the offsets' combined
     * uncertainty (a publisher's plus a subscriber's, the worst pair) is above the allowed fraction
     * of the median latency.
     */
    private void clockFlag(List<String> labels) {
        double pub = 0;
        double sub = 0;
        boolean applied = false;
        for (io.jmsbench.report.ClockOffset c : clocks) {
            applied |= c.applied();
            switch (c.role()) {
                case PUBLISHER -> pub = Math.max(pub, c.uncertaintyMicros());
                case SUBSCRIBER -> sub = Math.max(sub, c.uncertaintyMicros());
                case MONITOR -> {
                    // the monitor stamps no message: its clock is in no latency
                }
            }
        }
        if (!applied || window.getTotalCount() == 0) {
            return;
        }
        double median = window.getValueAtPercentile(50) / 1000.0;
        double uncertainty = pub + sub;
        if (uncertainty > validity.clockUncertaintyMax() * median) {
            labels.add(String.format(java.util.Locale.ROOT, "latency flagged: the clock offsets are uncertain by up "
                    + "to ±%.1f µs, more than %.0f%% of the median latency %.1f µs", uncertainty,
                    validity.clockUncertaintyMax() * 100, median));
        }
    }

    private static long delta(long from, long to) {
        return from < 0 || to < 0 ? -1 : to - from;
    }

    private static RateFigure window(Counters start, Counters end) {
        long messages = end.messages() - start.messages();
        double seconds = (end.monotonicNanos() - start.monotonicNanos()) / 1e9;
        return new RateFigure(messages, seconds > 0 ? messages / seconds : Double.NaN, seconds);
    }

    private static double[] clientRates(Counters start, Counters end) {
        Map<String, Long> before = new HashMap<>();
        for (ClientCount c : start.clients()) {
            before.put(c.client(), c.messages());
        }
        double seconds = (end.monotonicNanos() - start.monotonicNanos()) / 1e9;
        double min = Double.NaN;
        double max = Double.NaN;
        for (ClientCount c : end.clients()) {
            double rate = (c.messages() - before.getOrDefault(c.client(), 0L)) / seconds;
            min = Double.isNaN(min) ? rate : Math.min(min, rate);
            max = Double.isNaN(max) ? rate : Math.max(max, rate);
        }
        return new double[] {min, max};
    }

    private static String lastError(Counters counters) {
        if (counters == null) {
            return null;
        }
        return counters.clients().stream().map(ClientCount::lastError).filter(e -> e != null).reduce((a, b) -> b)
                .orElse(null);
    }

    private static double perSecond(long count, long nanos) {
        if (count == 0) {
            return 0; // also when nothing was read in between: publishers stopped during the drain
        }
        return nanos <= 0 ? Double.NaN : count * 1e9 / nanos;
    }

    private static double cores(long cpuFrom, long cpuTo, long wallNanos) {
        return cpuFrom < 0 || cpuTo < 0 || wallNanos <= 0 ? Double.NaN : (double) (cpuTo - cpuFrom) / wallNanos;
    }

    private static double agentCores(Counters from, Counters to) {
        return cores(from.processCpuNanos(), to.processCpuNanos(), to.monotonicNanos() - from.monotonicNanos());
    }
}
