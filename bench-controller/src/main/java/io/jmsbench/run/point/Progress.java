package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.run.point.PointObservation.Ending;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Scenario;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A point's observation while its driver fills it in: written by {@link PointDriver} alone, on
 * one thread, and frozen into a {@link PointObservation} at the end.
 */
final class Progress {

    static final String CLIENTS_READY = "clientsReady";
    static final String PUBLISH_START = "publishStart";
    static final String MEASURE_START = "measureStart";
    static final String MEASURE_END = "measureEnd";
    static final String PUBLISH_STOP = "publishStop";
    static final String DRAIN_END = "drainEnd";

    private final PointClock clock;
    private final Map<String, String> times = new HashMap<>();
    final List<IntervalSample> samples = new ArrayList<>();
    /** Every latency of the measurement window, merged. */
    final Histogram window = Histograms.empty();
    Ending ending = Ending.COMPLETED;
    Workers.Prepared prepared;
    double readySeconds = Double.NaN;
    /** When the publishers were started ({@link PointClock#nanoTime}), {@code -1} before. */
    long publishStart = -1;
    Snapshot windowStart;
    Snapshot windowEnd;
    Counters publishersFinal;
    Counters subscribersFinal;
    Drain drain;
    AuditCounts audit;
    String warmupEndedBy;
    double warmupSeconds = Double.NaN;
    double transientSeconds = Double.NaN;
    String windowEndedBy;
    List<Faults.FaultEvent> faults = List.of();

    Progress(PointClock clock) {
        this.clock = clock;
    }

    void mark(String edge) {
        times.put(edge, clock.now().toString());
    }

    PointObservation observation(Scenario scenario, Workers.Placement placement, BrokerFacts broker) {
        String basis = scenario.publishers().saturated() ? LatencyFigures.ACTUAL : LatencyFigures.INTENDED;
        PointEnvironment environment = prepared == null ? new PointEnvironment(broker, List.of(), Map.of())
                : new PointEnvironment(broker, prepared.agents(), prepared.providerSettings());
        return new PointObservation(ending, new PhaseTimes(times.get(CLIENTS_READY), times.get(PUBLISH_START),
                times.get(MEASURE_START), times.get(MEASURE_END), times.get(PUBLISH_STOP), times.get(DRAIN_END)),
                readySeconds, samples, windowStart, windowEnd, publishersFinal, subscribersFinal, drain, audit,
                LatencyFigures.of(window, basis), placement, environment, new Windows(warmupEndedBy, warmupSeconds,
                        transientSeconds, windowEndedBy, scenario.phases().measureAuto() ? scenario.phases().precision()
                        : Double.NaN), faults);
    }

    /** The samples of one phase so far, in order. */
    List<IntervalSample> samplesOf(Phase phase) {
        return samples.stream().filter(s -> phase.sampleName().equals(s.phase())).toList();
    }
}
