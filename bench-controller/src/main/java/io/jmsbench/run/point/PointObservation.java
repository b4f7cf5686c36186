package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.run.workers.Workers.Placement;

import java.util.List;

/**
 * What a point's driver saw, all of it, frozen: how the point ended, when each phase began, the
 * per-second samples, the readings at the window's edges, the final counts, the drain, the audit,
 * the window's latency, where the clients ran, this point's own environment and how its warm-up and
 * window ended. A part never
 * reached is {@code null}. The judge reads nothing else.
 */
public record PointObservation(Ending ending, PhaseTimes times, double readySeconds, List<IntervalSample> samples,
                               Snapshot windowStart, Snapshot windowEnd, Counters publishersFinal,
                               Counters subscribersFinal, Drain drain, AuditCounts audit, LatencyFigures latency,
                               Placement placement, PointEnvironment environment, Windows windows,
                               List<Faults.FaultEvent> faults) {

    public PointObservation {
        samples = List.copyOf(samples);
        faults = List.copyOf(faults);
    }

    /** An observation of a point that injected no fault. */
    public PointObservation(Ending ending, PhaseTimes times, double readySeconds, List<IntervalSample> samples,
                            Snapshot windowStart, Snapshot windowEnd, Counters publishersFinal,
                            Counters subscribersFinal, Drain drain, AuditCounts audit, LatencyFigures latency,
                            Placement placement, PointEnvironment environment, Windows windows) {
        this(ending, times, readySeconds, samples, windowStart, windowEnd, publishersFinal, subscribersFinal, drain,
                audit, latency, placement, environment, windows, List.of());
    }

    /** How the point ended: it completed, failed (an agent, the broker, a stall) or the run was aborted. */
    public record Ending(Kind kind, String reason) {

        public enum Kind { COMPLETED, FAILED, ABORTED }

        public static final Ending COMPLETED = new Ending(Kind.COMPLETED, null);

        public static Ending failed(String reason) {
            return new Ending(Kind.FAILED, reason);
        }

        public static Ending aborted(String reason) {
            return new Ending(Kind.ABORTED, reason);
        }

        public boolean completed() {
            return kind == Kind.COMPLETED;
        }
    }

    /** A point that ended before its driver ran (the broker or the agents would not start). */
    public static PointObservation notStarted(Ending ending, PointEnvironment environment) {
        return new PointObservation(ending, new PhaseTimes(null, null, null, null, null, null), Double.NaN, List.of(),
                null, null, null, null, null, null, null, null, environment, Windows.NONE);
    }

    /** The same observation, ended otherwise (an abort that came while the point was torn down). */
    public PointObservation withEnding(Ending other) {
        return new PointObservation(other, times, readySeconds, samples, windowStart, windowEnd, publishersFinal,
                subscribersFinal, drain, audit, latency, placement, environment, windows, faults);
    }

    /** Whether the measurement window opened and closed. */
    public boolean windowComplete() {
        return windowStart != null && windowEnd != null;
    }
}
