package io.jmsbench.report.html;

import io.jmsbench.report.ClosedLoop;

import java.util.List;

/**
 * A closed loop's search as the page shows it ({@code rate: sustainable}): its answer in a sentence,
 * the rate it held and the interval, and each step for the convergence table and chart; NaN as
 * {@code null}.
 */
record LoopView(String sentence, boolean converged, Double rate, Double low, Double high, double seconds,
                List<Step> steps) {

    /**
     * One step: its rate, when it ran (s since the publishers started), what it showed, how long it
     * drained, and whether it was a hold of the rate found.
     */
    record Step(int index, Double rate, double start, double seconds, Double sentRate, Double backlogSlope,
                Double latencyP99Ms, String verdict, double drainSeconds, boolean hold) {
    }

    static LoopView of(ClosedLoop loop) {
        if (loop == null) {
            return null;
        }
        return new LoopView(loop.sentence(), loop.converged(), Numbers.rate(loop.rate()), Numbers.rate(loop.low()),
                Numbers.rate(loop.high()), loop.seconds(), loop.steps().stream().map(s -> new Step(s.index(),
                        Numbers.rate(s.rate()), s.startSeconds(), s.seconds(), Numbers.rate(s.sentRate()),
                        Numbers.rate(s.backlogSlope()), Numbers.of(s.latencyMicros() / 1000, 2), s.verdict().json(),
                        s.drainSeconds(), s.hold())).toList());
    }
}
