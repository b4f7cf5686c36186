package io.jmsbench.run.loop;

import io.jmsbench.report.ClosedLoop;

import java.util.List;

/**
 * How a step or a hold of the closed loop came out, from the readings since its rate was set: its
 * judged seconds are the last ones (the first after the change is left out), and it kept up when
 * the publishers sent the share of the rate asked of it, the backlog neither rose nor fell beyond
 * its allowance and the latency bound, if any, held ({@link SustainableLoop} says why each).
 */
final class StepJudge {

    private final SustainableLoop.Settings settings;
    private final double grade;

    StepJudge(SustainableLoop.Settings settings, double grade) {
        this.settings = settings;
        this.grade = grade;
    }

    /**
     * The step numbered {@code index} at {@code rate}, whose readings are {@code ticks} (the first
     * taken when its rate was set), judged over the last {@code judged} of them; {@code rateMin}: the
     * share of the rate it must send; {@code tolerance}: the backlog growth it may show, as a share of the
     * copies asked a second (or the noise floor, whichever is more).
     */
    ClosedLoop.Step judge(int index, double rate, List<LoopTick> ticks, int judged, double rateMin, double tolerance,
                          boolean hold) {
        List<LoopTick> span = ticks.subList(ticks.size() - judged, ticks.size());
        LoopTick first = span.get(0);
        LoopTick last = span.get(span.size() - 1);
        double sentRate = last.sentRate(first);
        // each role's rate on its own clock: the backlog's growth a second, free of the reading skew
        double slope = grade * sentRate - last.receivedRate(first);
        double latency = span.stream().skip(1).mapToDouble(LoopTick::latencyMicros).filter(v -> !Double.isNaN(v))
                .max().orElse(Double.NaN);
        double allowance = Math.max(tolerance * rate * grade, settings.floorPerSecond());
        ClosedLoop.Verdict verdict = sentRate < rateMin * rate ? ClosedLoop.Verdict.HELD_BACK
                : slope > allowance ? ClosedLoop.Verdict.BACKLOG_GREW
                : -slope > allowance && -slope * (last.seconds() - first.seconds()) > SustainableLoop.EDGE_COPIES
                ? ClosedLoop.Verdict.BACKLOG_FELL
                : latency > settings.latencyBoundMicros() ? ClosedLoop.Verdict.LATENCY : ClosedLoop.Verdict.STEADY;
        double start = ticks.get(0).seconds();
        return new ClosedLoop.Step(index, rate, start, last.seconds() - start, sentRate, slope, latency, verdict, 0,
                hold);
    }
}
