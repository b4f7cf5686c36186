package io.jmsbench.report;

import java.util.Locale;

/**
 * A closed loop's search for people ({@code rate: sustainable}): the answer in a sentence, then one
 * row per step or hold in the order run (rate asked, rate sent, the backlog's slope, p99, verdict, drain).
 */
public final class ClosedLoopTable {

    private ClosedLoopTable() {
    }

    /** The part of a point's section in {@code report.md}. */
    public static String section(ClosedLoop loop) {
        StringBuilder md = new StringBuilder("### Closed loop\n\n").append(loop.sentence()).append(' ')
                .append("A step keeps up when the publishers sent 97% of the rate asked, the backlog rose by no more "
                        + "than 3% of the copies asked a second (its first second, while the pipeline follows the "
                        + "change, is not judged) and the latency bound, if any, held. The rate doubles while steps "
                        + "keep up, then the loop bisects between the highest that did and the lowest that did not; "
                        + "after a step that did not, the publishers nearly stop until its backlog drained. Converged, "
                        + "the loop holds the rate it found for three steps' time, judged over all but its first "
                        + "second (98% of the rate sent, the backlog within the window's precision, 5% unless "
                        + "set); a hold that does not keep up makes its rate the bracket's upper end, and the loop "
                        + "goes on below it and holds again.\n\n");
        md.append("| step | from s | rate asked | sent msgs/s | backlog copies/s | p99 ms | verdict | drained s |\n")
                .append("|---:|---:|---:|---:|---:|---:|---|---:|\n");
        for (ClosedLoop.Step s : loop.steps()) {
            md.append(String.format(Locale.ROOT, "| %d%s | %.0f | %s | %s | %+,.0f | %s | %s | %s |%n", s.index(),
                    s.hold() ? " (hold)" : "",
                    s.startSeconds(), Figures.rate(s.rate()), Figures.rate(s.sentRate()), s.backlogSlope(),
                    Double.isNaN(s.latencyMicros()) ? "n/a" : String.format(Locale.ROOT, "%.2f", s.latencyMicros() / 1000),
                    s.verdict().json(), s.drainSeconds() > 0 ? String.format(Locale.ROOT, "%.0f", s.drainSeconds()) : ""));
        }
        return md.append('\n').toString();
    }
}
