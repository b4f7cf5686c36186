package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/**
 * What the closed loop of {@code rate: sustainable} found within its point: whether it converged,
 * the rate it held for the window ({@code rate}, the highest steady step), the interval the
 * capacity lies in ({@code low}, the highest steady rate; {@code high}, the lowest rate that was
 * not, a step's or a hold's; NaN when there was none), the seconds the search took (from the
 * publishers' start until the hold that kept up ended), every step and hold in order, and why it
 * did not converge ({@code null} when it did).
 */
public record ClosedLoop(boolean converged, double rate, double low, double high, double seconds, List<Step> steps,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String reason) {

    public ClosedLoop {
        steps = List.copyOf(steps);
    }

    /**
     * One step: the total {@code rate} asked from {@code startSeconds} (since the publishers started)
     * for {@code seconds}; what its judged seconds showed (the first second after a change is left
     * out): the rate sent, the backlog's slope in copies a second (the copies asked a second less those
     * received, each rate on its own agents' clock; above 0: the subscribers fell behind), the highest per-second p99 latency (µs, NaN when none); how it was
     * judged; how long the backlog it left took to drain (0 when it left none); and whether it was a
     * {@code hold}: the rate the loop converged on, held longer than a step before the window (one
     * that did not keep up sent the loop back below it). A report written before holds reads as steps.
     */
    public record Step(int index, double rate, double startSeconds, double seconds, double sentRate,
                       double backlogSlope, double latencyMicros, Verdict verdict, double drainSeconds,
                       boolean hold) {

        public boolean steady() {
            return verdict == Verdict.STEADY;
        }

        /** This step, whose backlog took {@code after} seconds to drain. */
        public Step drained(double after) {
            return new Step(index, rate, startSeconds, seconds, sentRate, backlogSlope, latencyMicros, verdict, after,
                    hold);
        }
    }

    /** How a step came out: only {@link #STEADY} counts as keeping up. */
    public enum Verdict {
        /** Sent what was asked, backlog flat both ways, latency within its bound. */
        STEADY,
        /** The backlog grew beyond its noise: the subscribers did not keep up. */
        BACKLOG_GREW,
        /** The backlog fell beyond its noise: the subscribers drained what an earlier step left, no verdict on this rate. */
        BACKLOG_FELL,
        /** The publishers could not send the rate asked: the broker held them back. */
        HELD_BACK,
        /** The latency bound was exceeded. */
        LATENCY;

        @JsonValue
        public String json() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** How many steps and holds (and of those, how many missed) {@code steps} holds: {@code 18 steps, 2 holds (1 missed)}. */
    public static String count(List<Step> steps) {
        long holds = steps.stream().filter(Step::hold).count();
        long missed = steps.stream().filter(s -> s.hold() && !s.steady()).count();
        long plain = steps.size() - holds;
        return String.format(Locale.ROOT, "%d step%s%s", plain, plain == 1 ? "" : "s", holds == 0 ? ""
                : String.format(Locale.ROOT, ", %d hold%s (%d missed)", holds, holds == 1 ? "" : "s", missed));
    }

    /** The answer in one sentence, for the console and report.md. */
    public String sentence() {
        String path = count(steps) + String.format(Locale.ROOT, ", %.0f s", seconds);
        if (!converged) {
            return "Closed loop NOT converged (" + reason + "; " + path + ")"
                    + (Double.isNaN(low) ? "" : "; highest steady rate " + Figures.rate(low) + " msgs/s") + ".";
        }
        return String.format(Locale.ROOT, "Sustainable rate %s msgs/s, in [%s, %s) msgs/s, found by a closed loop "
                + "in %s; held for the window.", Figures.rate(rate), Figures.rate(low), Figures.rate(high), path);
    }
}
