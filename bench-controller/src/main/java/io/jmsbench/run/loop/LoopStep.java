package io.jmsbench.run.loop;

/**
 * One step of the closed loop: the total {@code rate} asked from {@code startSeconds} (since the
 * publishers started) for {@code seconds}; what the judged seconds showed (the first second after a
 * change is left out): the rate sent, the backlog's slope in copies a second (least squares over the
 * judged seconds; above 0: the subscribers fell behind), the highest per-second p99 latency (µs, NaN
 * when none); how it was judged; and how long the backlog it left took to drain (0 when it left none).
 */
public record LoopStep(int index, double rate, double startSeconds, double seconds, double sentRate,
                       double backlogSlope, double latencyMicros, Verdict verdict, double drainSeconds) {

    /** How a step came out: only {@link #STEADY} counts as keeping up. */
    public enum Verdict {
        /** Sent what was asked, backlog flat or falling, latency within its bound. */
        STEADY,
        /** The backlog grew beyond its noise: the subscribers did not keep up. */
        BACKLOG_GREW,
        /** The publishers could not send the rate asked: the broker held them back. */
        HELD_BACK,
        /** The latency bound was exceeded. */
        LATENCY;

        public String json() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public boolean steady() {
        return verdict == Verdict.STEADY;
    }

    LoopStep drained(double after) {
        return new LoopStep(index, rate, startSeconds, seconds, sentRate, backlogSlope, latencyMicros, verdict, after);
    }
}
