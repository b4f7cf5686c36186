package io.jmsbench.run.judge;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.stats.StudentT;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * How fast the broker's backlog moved over a window, how well the window knows it, and how much
 * movement counts as flat ({@link SteadyState} says why that much): the precision asked of the
 * window's rates, of the rate sent, or the messages in flight at the window's edges
 * ({@link SteadyState#MIN_BACKLOG_CHANGE}) spread over its seconds, whichever is more.
 *
 * @param perSecond the mean change a second, msgs/s: sent less received over the grade, from the window's counts
 * @param interval  the 95% interval of the per-second change (batch means); its half-width is NaN when too few seconds
 * @param sentRate  the rate the publishers sent in the window, msgs/s
 * @param precision the precision asked of the window's rates (the half-width over the mean)
 * @param seconds   the window's length
 */
record BacklogDrift(double perSecond, BatchMeans interval, double sentRate, double precision, double seconds) {

    /** A window's length beyond which no estimate is given: the change is about the tolerance itself. */
    static final long LONGEST_ESTIMATE = 3_600;

    static BacklogDrift of(RateFigure received, RateFigure dispatched, double expectedGrade,
                           List<IntervalSample> window, double precision) {
        BatchMeans interval = BatchMeans.of(window.stream()
                .mapToDouble(s -> s.sendRate() - s.receiveRate() / expectedGrade).filter(v -> !Double.isNaN(v))
                .toArray());
        return new BacklogDrift(received.rate() - dispatched.rate() / expectedGrade, interval, received.rate(),
                precision, received.seconds());
    }

    double halfWidth() {
        return interval.halfWidth();
    }

    /** The messages the backlog changed by over the window (positive: grew). */
    double change() {
        return perSecond * seconds;
    }

    /** The change a second that counts as flat, either way, msgs/s. */
    double tolerance() {
        return toleranceOver(seconds);
    }

    private double toleranceOver(double windowSeconds) {
        return Math.max(precision * sentRate, SteadyState.MIN_BACKLOG_CHANGE / windowSeconds);
    }

    /** The whole interval within the tolerance: the backlog was shown flat. */
    boolean shownFlat() {
        return Math.abs(perSecond) + halfWidth() <= tolerance();
    }

    /** The whole interval beyond the tolerance: the backlog was shown to move. */
    boolean shownMoving() {
        return Math.abs(perSecond) - halfWidth() > tolerance();
    }

    /**
     * About how many seconds a window would need for its interval to tell either way, the change and
     * the batches' spread staying as they were: over {@code k} batches of the same length the
     * half-width goes as {@code t(k-1)/sqrt(k)}, roughly 1/sqrt(seconds). Empty without an interval
     * or when no window under {@link #LONGEST_ESTIMATE} seconds would (the change about the tolerance itself).
     */
    OptionalLong secondsToTell() {
        int batches = interval.batches();
        if (Double.isNaN(halfWidth()) || batches < BatchMeans.MIN_BATCHES) {
            return OptionalLong.empty();
        }
        double spread = halfWidth() * Math.sqrt(batches) / StudentT.quantile975(batches - 1);
        for (long s = (long) Math.floor(seconds) + 1; s <= LONGEST_ESTIMATE; s++) {
            int k = (int) (s / interval.batchSize());
            if (StudentT.quantile975(k - 1) * spread / Math.sqrt(k) < Math.abs(toleranceOver(s) - Math.abs(perSecond))) {
                return OptionalLong.of(s);
            }
        }
        return OptionalLong.empty();
    }

    /** What the tolerance is, for a sentence: its figure and where it comes from. */
    String toleranceText() {
        double ofRate = precision * sentRate;
        return ofRate >= SteadyState.MIN_BACKLOG_CHANGE / seconds
                ? String.format(Locale.ROOT, "±%,.0f msgs/s (%s of the %,.0f msgs/s sent, the precision asked of the "
                        + "window)", tolerance(), percent(precision), sentRate)
                : String.format(Locale.ROOT, "±%,.0f msgs/s (%,d messages over the %.0f s window: the messages in "
                        + "flight at its edges)", tolerance(), SteadyState.MIN_BACKLOG_CHANGE, seconds);
    }

    /** The estimate written for a user: to 5 s under two minutes, to the minute above. */
    static String rounded(long seconds) {
        return seconds < 120 ? 5 * ((seconds + 4) / 5) + " s"
                : String.format(Locale.ROOT, "%d min", (seconds + 59) / 60);
    }

    private static String percent(double fraction) {
        double p = 100 * fraction;
        return p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f%%", p) : String.format(Locale.ROOT, "%.1f%%", p);
    }
}
