package io.jmsbench.run.point;

import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.system.CpuPartitions;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A point's per-second series, from the publishers' start (its zero, on the point's clock): the
 * samples the warm-up, the window and the drain add in turn, each sent on to the sink as it is
 * taken, and when the publishers' count last grew, from which a stall is measured.
 */
final class Seconds {

    static final long SECOND = 1_000_000_000L;

    private final PointPlan plan;
    private final SampleSink sink;
    private final CpuPartitions partitions;
    private final long start;
    private final List<IntervalSample> samples = new ArrayList<>();
    private long lastProgress;

    /** {@code partitions}: the CPUs each role runs on, whose busy shares the samples hold ({@code null}: shared). */
    Seconds(PointPlan plan, SampleSink sink, CpuPartitions partitions, long start) {
        this.plan = plan;
        this.sink = sink;
        this.partitions = partitions;
        this.start = start;
        this.lastProgress = start;
    }

    long start() {
        return start;
    }

    /** The first whole second after the publishers' start that is later than {@code nanos}. */
    long tickAfter(long nanos) {
        return start + ((nanos - start) / SECOND + 1) * SECOND;
    }

    double secondsAt(long nanos) {
        return (nanos - start) / 1e9;
    }

    /** Whether the publishers have sent nothing for {@code bound} by {@code now}, which follows {@code previous}. */
    boolean silentFor(Duration bound, Snapshot previous, Snapshot now) {
        if (now.publishers().messages() > previous.publishers().messages()) {
            lastProgress = now.nanos();
            return false;
        }
        return now.nanos() - lastProgress >= bound.toNanos();
    }

    /** Every sample so far, in order. */
    List<IntervalSample> all() {
        return List.copyOf(samples);
    }

    /** The latest sample; {@code null} before the first. */
    IntervalSample last() {
        return samples.isEmpty() ? null : samples.get(samples.size() - 1);
    }

    /** The samples of one phase so far, in order. */
    List<IntervalSample> of(Phase phase) {
        return samples.stream().filter(s -> phase.sampleName().equals(s.phase())).toList();
    }

    /**
     * The sample between two readings, taken for the tick {@code atNanos}, its latencies added to
     * {@code window} when given; with the backlog where the plan follows it, and the profile's target.
     */
    void add(Snapshot from, Snapshot to, long atNanos, Phase phase, Histogram window) throws IOException {
        LatencyInterval raw = to.latency();
        Histogram latency = raw == null ? Histograms.empty() : Histograms.decode(raw.histogram());
        if (window != null) {
            window.add(latency);
        }
        double seconds = secondsAt(atNanos);
        IntervalSample sample = IntervalSamples.between(from, to, seconds, phase, latency, partitions);
        if (plan.backlogGrade() > 0) {
            sample = sample.withBacklog(Math.round(plan.backlogGrade() * to.publishers().messages())
                    - to.subscribers().messages());
        }
        if (plan.target() != null && phase != Phase.DRAIN) {
            // over the second the sent rate is over (the publishers' own clock between their two readings),
            // ending at the tick the reading was taken for: the counts are read first, the latencies after
            double sentSeconds = (to.publishers().monotonicNanos() - from.publishers().monotonicNanos()) / 1e9;
            sample = sample.withTargetSendRate(plan.target().meanRate(seconds - sentSeconds, seconds));
        }
        samples.add(sample);
        sink.accept(sample, raw);
    }
}
