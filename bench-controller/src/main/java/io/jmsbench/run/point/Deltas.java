package io.jmsbench.run.point;

import io.jmsbench.protocol.Counters;
import io.jmsbench.report.PointResult.RateFigure;

/** Rates and CPU between two readings; {@code NaN} (or {@code -1} for byte counts) where a side is unknown. */
public final class Deltas {

    private Deltas() {
    }

    /** Messages between two counters and their rate over the counters' own clock. */
    public static RateFigure rate(Counters start, Counters end) {
        long messages = end.messages() - start.messages();
        double seconds = (end.monotonicNanos() - start.monotonicNanos()) / 1e9;
        return new RateFigure(messages, seconds > 0 ? messages / seconds : Double.NaN, seconds);
    }

    public static double perSecond(long count, long nanos) {
        if (count == 0) {
            return 0; // also when nothing was read in between: publishers stopped during the drain
        }
        return nanos <= 0 ? Double.NaN : count * 1e9 / nanos;
    }

    public static double cores(long cpuFrom, long cpuTo, long wallNanos) {
        return cpuFrom < 0 || cpuTo < 0 || wallNanos <= 0 ? Double.NaN : (double) (cpuTo - cpuFrom) / wallNanos;
    }

    /** The cores an agent role's JVMs used between two of its counters. */
    public static double agentCores(Counters from, Counters to) {
        return cores(from.processCpuNanos(), to.processCpuNanos(), to.monotonicNanos() - from.monotonicNanos());
    }

    public static long bytes(long from, long to) {
        return from < 0 || to < 0 ? -1 : to - from;
    }
}
