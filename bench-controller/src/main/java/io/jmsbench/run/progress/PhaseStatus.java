package io.jmsbench.run.progress;

import java.util.Locale;

/**
 * Where a point is, as of its latest sample: the phase and the seconds spent in it; the seconds
 * left of it by the plan, and what else ends it ({@code until}: "steady", "±5%", "200,000 msgs",
 * "all arrive"; empty when only time does, the seconds left then being exact, else an upper
 * bound); and the seconds of publishing left before the drain ({@code pointSecondsLeft}).
 */
public record PhaseStatus(String phase, double inPhase, double phaseSecondsLeft, String until,
                          double pointSecondsLeft) {

    /** "9 s left", or "until ±5%, 40 s at most". */
    String remaining() {
        String seconds = String.format(Locale.ROOT, "%.0f s", phaseSecondsLeft);
        return until.isEmpty() ? seconds + " left" : "until " + until + ", " + seconds + " at most";
    }
}
