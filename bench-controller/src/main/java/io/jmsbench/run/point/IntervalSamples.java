package io.jmsbench.run.point;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.system.CpuPartitions;
import org.HdrHistogram.Histogram;

import java.util.LinkedHashMap;
import java.util.Map;

/** The per-second sample between two snapshots. */
public final class IntervalSamples {

    private IntervalSamples() {
    }

    /**
     * {@code latency} is what the subscribers recorded in the interval (nanoseconds), decoded;
     * {@code partitions}: the CPUs each role ran on, whose busy shares the sample holds
     * ({@code null}: shared).
     */
    public static IntervalSample between(Snapshot from, Snapshot to, double secondsSinceStart, Phase phase,
                                         Histogram latency, CpuPartitions partitions) {
        long sent = to.publishers().messages() - from.publishers().messages();
        long received = to.subscribers().messages() - from.subscribers().messages();
        boolean any = latency.getTotalCount() > 0;
        return new IntervalSample(secondsSinceStart, phase.sampleName(), sent,
                Deltas.perSecond(sent, to.publishers().monotonicNanos() - from.publishers().monotonicNanos()), received,
                Deltas.perSecond(received, to.subscribers().monotonicNanos() - from.subscribers().monotonicNanos()),
                Deltas.cores(from.brokerCpuNanos(), to.brokerCpuNanos(), to.nanos() - from.nanos()),
                Deltas.agentCores(from.publishers(), to.publishers()),
                Deltas.agentCores(from.subscribers(), to.subscribers()), to.host().utilisationSince(from.host()),
                micros(latency, 50), micros(latency, 90), micros(latency, 99), micros(latency, 99.9),
                micros(latency, 99.99), any ? latency.getMaxValue() / 1000.0 : Double.NaN,
                partitionBusy(from, to, partitions), to.brokerDepth() < 0 ? null : to.brokerDepth(), null, null,
                to.broker().rssBytes() < 0 ? null : to.broker().rssBytes());
    }

    private static Map<String, Double> partitionBusy(Snapshot from, Snapshot to, CpuPartitions partitions) {
        Map<String, Double> busy = new LinkedHashMap<>();
        if (partitions != null) {
            double seconds = (to.nanos() - from.nanos()) / 1e9;
            for (CpuPartitions.Partition p : partitions.partitions()) {
                busy.put(p.name(), to.host().coresSince(from.host(), p.cpus(), seconds)[0] / p.cpus().size());
            }
        }
        return busy;
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getTotalCount() == 0 ? Double.NaN : nanos.getValueAtPercentile(percentile) / 1000.0;
    }
}
