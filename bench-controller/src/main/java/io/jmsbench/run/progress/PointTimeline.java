package io.jmsbench.run.progress;

import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.scenario.Phases;


/**
 * Follows one point's samples through its phases and says, from the scenario's phases, how much
 * of each is left. A phase starts where the last sample of the one before ended.
 */
final class PointTimeline {

    private static final String WARMUP = "warmup";
    private static final String MEASURE = "measure";
    private static final String DRAIN = "drain";

    private final Phases phases;
    private String phase;
    private double phaseStart;
    private double lastT;

    PointTimeline(Phases phases) {
        this.phases = phases;
    }

    /** Whether {@code sample} starts a phase; then {@link #update} moves into it. */
    boolean startsPhase(IntervalSample sample) {
        return !sample.phase().equals(phase);
    }

    PhaseStatus update(IntervalSample sample) {
        if (startsPhase(sample)) {
            phase = sample.phase();
            phaseStart = lastT;
        }
        lastT = sample.t();
        double in = Math.max(0, sample.t() - phaseStart);
        double warmup = phases.warmup().toMillis() / 1000.0;
        double measure = phases.measure().toMillis() / 1000.0;
        double drain = phases.drain().toMillis() / 1000.0;
        return switch (phase) {
            case WARMUP -> {
                double left = Math.max(0, warmup - in);
                yield new PhaseStatus(phase, in, left, phases.warmupAuto() ? "steady" : "", left + measure);
            }
            case MEASURE -> {
                double left = Math.max(0, measure - in);
                String until = phases.measureAuto()
                        ? "±" + Figures.percent(phases.precision()).replace(".0%", "%")
                        : phases.messages() > 0 ? Figures.count(phases.messages()) + " msgs" : "";
                yield new PhaseStatus(phase, in, left, until, left);
            }
            case DRAIN -> new PhaseStatus(phase, in, Math.max(0, drain - in), "all arrive", 0);
            default -> new PhaseStatus(phase, in, 0, "", 0);
        };
    }

}
