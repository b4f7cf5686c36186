package io.jmsbench.run.point;

import io.jmsbench.report.IntervalSample;
import org.HdrHistogram.Histogram;

/** The per-second sample between two snapshots. */
public final class IntervalSamples {

    private IntervalSamples() {
    }

    /** {@code latency} is what the subscribers recorded in the interval (nanoseconds), decoded. */
    public static IntervalSample between(Snapshot from, Snapshot to, double secondsSinceStart, Phase phase,
                                         Histogram latency) {
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
                micros(latency, 99.99), any ? latency.getMaxValue() / 1000.0 : Double.NaN);
    }

    private static double micros(Histogram nanos, double percentile) {
        return nanos.getTotalCount() == 0 ? Double.NaN : nanos.getValueAtPercentile(percentile) / 1000.0;
    }
}
