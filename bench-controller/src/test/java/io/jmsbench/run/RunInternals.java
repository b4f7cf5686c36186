package io.jmsbench.run;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.PointResult;
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
 * {@code io.jmsbench.selftest.ScaleCheck}: timing the real {@link PointRecorder} beats timing a
 * copy of it that could drift, and the child JVMs get the flags a run gives them.
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
     * Feeds readings {@code 0..n-1} (one per second) to one {@link PointRecorder} as
     * {@link PointRun} does for a measurement window: {@code n-1} interval samples, then the
     * point's result. The snapshots around the counters (host CPU, broker resources) are built
     * before the clock starts, since reading /proc is not merging.
     */
    public static Timing timeMerge(Scenario scenario, int hostCores, List<Counters> publishers, List<Counters> subscribers,
                              List<LatencyInterval> latencies, Path hlog) throws IOException {
        int n = publishers.size();
        List<Snapshot> snapshots = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long nanos = publishers.get(i).monotonicNanos();
            snapshots.add(new Snapshot(nanos, publishers.get(i), subscribers.get(i), latencies.get(i),
                    i * 1_500_000_000L, i * 30_000_000L, new ProcessResources(1L << 30, 0, i * 1024L),
                    new HostCpu(i * 190L, i * 200L), i * 1_000_000L, java.util.Map.of()));
        }
        PointRecorder point = new PointRecorder(scenario, hostCores, hlog);
        point.windowStart = snapshots.get(0);
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int i = 1; i < n; i++) {
            point.sample(snapshots.get(i - 1), snapshots.get(i), i, "measure");
        }
        long t1 = System.nanoTime();
        point.windowEnd = snapshots.get(n - 1);
        point.publishersFinal = publishers.get(n - 1);
        point.subscribersFinal = subscribers.get(n - 1);
        PointResult result = point.result(null, Map.of(), 0);
        point.closeLog();
        long t2 = System.nanoTime();
        return new Timing(t1 - t0, t2 - t1, threads.getCurrentThreadCpuTime() - cpu0, result);
    }
}
