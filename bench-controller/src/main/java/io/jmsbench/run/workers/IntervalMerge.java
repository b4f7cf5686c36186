package io.jmsbench.run.workers;

import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.ReplyInterval;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * What several agents of one role reported, merged into one: their counters, their latencies
 * and their requesters' round trips (histograms added exactly). A {@code null} in a list is an
 * agent with nothing to give (not answered yet, or no interval of its own) and is skipped.
 */
final class IntervalMerge {

    private IntervalMerge() {
    }

    /** The agents' counters as one; {@code null} when none of them has any. */
    static Counters counters(List<Counters> each) {
        if (each.stream().allMatch(c -> c == null)) {
            return null;
        }
        // several hosts, several monotonic clocks: the controller's own clock dates the merge
        long cpu = 0;
        long heap = 0;
        int threads = 0;
        List<ClientCount> clients = new ArrayList<>();
        for (Counters c : each) {
            if (c == null) {
                continue; // gone stale before its first answer: it has nothing to merge
            }
            cpu = cpu < 0 || c.processCpuNanos() < 0 ? -1 : cpu + c.processCpuNanos();
            heap += c.heapUsedBytes();
            threads += c.threads();
            clients.addAll(c.clients());
        }
        return new Counters(System.nanoTime(), System.currentTimeMillis(), cpu, heap, threads, clients,
                HostSample.UNKNOWN);
    }

    /** The agents' latency intervals as one, from the earliest start to the latest end; {@code null} for none. */
    static LatencyInterval latency(List<LatencyInterval> intervals) {
        Histogram merged = Histograms.empty();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (LatencyInterval interval : intervals) {
            if (interval != null) {
                merged.add(Histograms.decode(interval.histogram()));
                start = Math.min(start, interval.startMillis());
                end = Math.max(end, interval.endMillis());
            }
        }
        return start == Long.MAX_VALUE ? null
                : new LatencyInterval(start, end, merged.getTotalCount(), Histograms.encode(merged));
    }

    /** The agents' reply intervals as one, their reply counts summed; {@code null} for none. */
    static ReplyInterval replies(List<ReplyInterval> intervals) {
        Histogram merged = Histograms.empty();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long replies = 0;
        for (ReplyInterval interval : intervals) {
            if (interval != null) {
                merged.add(Histograms.decode(interval.histogram()));
                replies += interval.replies();
                start = Math.min(start, interval.startMillis());
                end = Math.max(end, interval.endMillis());
            }
        }
        return start == Long.MAX_VALUE ? null
                : new ReplyInterval(start, end, replies, merged.getTotalCount(), Histograms.encode(merged));
    }
}
