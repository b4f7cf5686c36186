package io.jmsbench.run;

import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.run.judge.PointFacts;
import io.jmsbench.run.judge.PointResults;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.point.Collected;
import io.jmsbench.run.point.IntervalSamples;
import io.jmsbench.run.point.Phase;
import io.jmsbench.run.point.Ending;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.point.Gauges;
import io.jmsbench.run.point.Snapshot;
import io.jmsbench.run.point.Window;
import io.jmsbench.run.progress.ProgressView;
import io.jmsbench.run.workers.LocalAgent;
import org.HdrHistogram.Histogram;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessResources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A door from the test sources into the controller's package-private run code, for
 * {@code io.jmsbench.selftest.ScaleCheck}: timing the real per-second path and judge beats
 * timing a copy of them that could drift, and the child JVMs get the flags a run gives them.
 */
public final class RunInternals {

    /** The flags {@link LocalAgent} starts an agent JVM with. */
    public static final List<String> AGENT_JVM_FLAGS = LocalAgent.JVM_FLAGS;
    /** The flags {@link BrokerProcess} starts the embedded broker's JVM with. */
    public static final List<String> BROKER_JVM_FLAGS = BrokerProcess.JVM_FLAGS;

    /**
     * Wall nanoseconds spent in the per-second samples and in the final result, the CPU time this
     * thread spent on both (what the merge costs whatever else shares the cores), and the result.
     */
    public record Timing(long sampleNanos, long resultNanos, long cpuNanos, PointResult result) {
    }

    private RunInternals() {
    }

    /**
     * Feeds readings {@code 0..n-1} (one per second) through the per-second path a point's driver
     * takes for a measurement window ({@link IntervalSamples}, the window's latency merge and the
     * {@link PointLog} with its {@code .hlog}), then judges the point into its result as a run does.
     * The snapshots around the counters (host CPU, broker resources) are built before the clock
     * starts, since reading /proc is not merging.
     */
    public static Timing timeMerge(Scenario scenario, int hostCores, List<Counters> publishers, List<Counters> subscribers,
                              List<LatencyInterval> latencies, Path hlog) throws IOException {
        int n = publishers.size();
        List<Snapshot> snapshots = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long nanos = publishers.get(i).monotonicNanos();
            snapshots.add(new Snapshot(nanos, publishers.get(i), subscribers.get(i), latencies.get(i),
                    new Gauges.Reading(i * 1_500_000_000L, i * 30_000_000L, new ProcessResources(1L << 30, 0, i * 1024L),
                    new HostCpu(i * 190L, i * 200L), i * 1_000_000L), java.util.Map.of()));
        }
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        List<IntervalSample> samples = new ArrayList<>(n);
        Histogram window = Histograms.empty();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        try (SamplesLog log = new SamplesLog(hlog.resolveSibling(hlog.getFileName() + ".samples.jsonl"));
             PointLog sink = new PointLog(0, 1, log, ProgressView.NONE,
                     hlog)) {
            for (int i = 1; i < n; i++) {
                LatencyInterval raw = snapshots.get(i).latency();
                Histogram latency = raw == null ? Histograms.empty() : Histograms.decode(raw.histogram());
                window.add(latency);
                IntervalSample sample = IntervalSamples.between(snapshots.get(i - 1), snapshots.get(i), i,
                        Phase.MEASURE, latency, null);
                samples.add(sample);
                sink.accept(sample, raw);
            }
        }
        long t1 = System.nanoTime();
        PointObservation observation = new PointObservation(Ending.COMPLETED, null, null,
                new Window(snapshots.get(0), snapshots.get(n - 1), WindowEnd.TIME,
                        LatencyFigures.of(window, LatencyFigures.ACTUAL), null, null), null,
                new Collected(publishers.get(n - 1), subscribers.get(n - 1), null, null, samples, List.of(), null,
                        PointEnvironment.NONE));
        PointResult result = PointResults.of(PointFacts.of(PointPlan.of(scenario, false), observation, null, null,
                hostCores), Map.of(), 0);
        long t2 = System.nanoTime();
        return new Timing(t1 - t0, t2 - t1, threads.getCurrentThreadCpuTime() - cpu0, result);
    }
}
