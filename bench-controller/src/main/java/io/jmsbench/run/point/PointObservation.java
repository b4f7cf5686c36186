package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.CpuPlacement;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.run.workers.Placement;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a point's driver saw, frozen: how the point ended, then one record per phase it went
 * through, {@code null} for a phase it never finished (a window cut short keeps what it measured),
 * and what it collected whatever ended it. The judge reads nothing else; the methods below are
 * read-outs of those parts.
 */
public record PointObservation(Ending ending, Connected connect, Warmup warmup, Window window, Drained drain,
                               Collected collected) {

    public PointObservation {
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(collected, "collected");
    }

    /** A point that ended before its driver ran (the broker or the agents would not start). */
    public static PointObservation notStarted(Ending ending, PointEnvironment environment) {
        return new PointObservation(ending, null, null, null, null, Collected.nothing(environment));
    }

    /** The same observation, ended otherwise (an abort that came while the point was torn down). */
    public PointObservation withEnding(Ending other) {
        return new PointObservation(other, connect, warmup, window, drain, collected);
    }

    /** This observation with where its JVMs were held on this host's CPUs in its environment. */
    public PointObservation withCpus(CpuPlacement placement) {
        return new PointObservation(ending, connect, warmup, window, drain, collected.withEnvironment(
                collected.environment().withCpus(placement)));
    }

    /** Whether the measurement window opened and has a last reading (a stall cuts a window short but keeps one). */
    public boolean windowComplete() {
        return window != null && window.end() != null;
    }

    public Snapshot windowStart() {
        return window == null ? null : window.start();
    }

    public Snapshot windowEnd() {
        return window == null ? null : window.end();
    }

    /** Seconds from the point's set-up to every client ready; NaN when they never were. */
    public double readySeconds() {
        return connect == null ? Double.NaN : connect.readySeconds();
    }

    public List<IntervalSample> samples() {
        return collected.samples();
    }

    public Counters publishersFinal() {
        return collected.publishersFinal();
    }

    public Counters subscribersFinal() {
        return collected.subscribersFinal();
    }

    /** The drain's figures; {@code null} when the point ended before its drain did. */
    public Drain drainFigures() {
        return drain == null ? null : drain.drain();
    }

    /** The stream audit at the drain's end; {@code null} when the point ended before. */
    public AuditCounts audit() {
        return drain == null ? null : drain.audit();
    }

    /** What came back to the requesters; {@code null} without requesters or when the point ended before its drain did. */
    public RoundTrip roundTrip() {
        return drain == null ? null : drain.roundTrip();
    }

    /** The window's latency; {@code null} when the window never opened. */
    public LatencyFigures latency() {
        return window == null ? null : window.latency();
    }

    /** Where the clients ran; {@link Placement#UNKNOWN} when the point ended before they were placed. */
    public Placement placement() {
        return collected.placement() == null ? Placement.UNKNOWN : collected.placement();
    }

    /** The last send error a publisher counted; {@code null}: none, or no final count. */
    public String lastSendError() {
        return lastError(publishersFinal()).orElse(null);
    }

    /** The last receive error a subscriber counted; {@code null}: none, or no final count. */
    public String lastReceiveError() {
        return lastError(subscribersFinal()).orElse(null);
    }

    /** The last error any client of {@code counters} counted, the last client's first. */
    static Optional<String> lastError(Counters counters) {
        return counters == null ? Optional.empty() : counters.clients().stream().map(ClientCount::lastError)
                .filter(Objects::nonNull).reduce((a, b) -> b);
    }

    public PointEnvironment environment() {
        return collected.environment();
    }

    public List<Faults.FaultEvent> faults() {
        return collected.faults();
    }

    /** The wall-clock instants of the phase edges reached. */
    public PhaseTimes times() {
        return new PhaseTimes(connect == null ? null : connect.readyAt(), collected.publishStartedAt(),
                window == null ? null : window.startedAt(), window == null ? null : window.endedAt(),
                collected.publishStoppedAt(), drain == null ? null : drain.endedAt());
    }

    /** How the warm-up and the window ended, with the precision an auto window asked ({@code NaN} for a fixed one). */
    public Windows windows(double precisionTarget) {
        return new Windows(warmup == null ? null : warmup.end(), warmup == null ? Double.NaN : warmup.seconds(),
                warmup == null ? Double.NaN : warmup.transientSeconds(), window == null ? null : window.endedBy(),
                precisionTarget);
    }
}
