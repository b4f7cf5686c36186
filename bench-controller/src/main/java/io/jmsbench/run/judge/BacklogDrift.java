package io.jmsbench.run.judge;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.stats.LevelSlope;

import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * How fast the broker's backlog moved over a window, how well the window knows it, and how much
 * movement counts as flat ({@link SteadyState} says why that much): the precision asked of the
 * window's rates, of the rate sent, or the messages in flight at the window's edges
 * ({@link SteadyState#MIN_BACKLOG_CHANGE}) spread over its seconds, whichever is more.
 *
 * <p>Two intervals, for two questions. Whether a capacity window showed its backlog flat is asked
 * of the backlog's level, second by second ({@link LevelSlope}: a bounded backlog's changes cancel
 * out, so its slope narrows as the window grows); whether a fixed rate's backlog moved beyond its
 * noise is asked, as before, of the mean change a second ({@link BatchMeans}).
 *
 * @param perSecond the mean change a second, msgs/s: sent less received over the grade, from the window's counts
 * @param interval  the 95% interval of the per-second change (batch means); its half-width is NaN when too few seconds
 * @param level     the slope of the backlog's level over the window's seconds, with its 95% interval
 * @param sentRate  the rate the publishers sent in the window, msgs/s
 * @param precision the precision asked of the window's rates (the half-width over the mean)
 * @param seconds   the window's length
 */
record BacklogDrift(double perSecond, BatchMeans interval, LevelSlope level, double sentRate, double precision,
                    double seconds) {

    /** A window's length beyond which no estimate is given: the change is about the tolerance itself. */
    static final long LONGEST_ESTIMATE = 3_600;

    static BacklogDrift of(RateFigure received, RateFigure dispatched, double expectedGrade,
                           List<IntervalSample> window, double precision) {
        BatchMeans interval = BatchMeans.of(window.stream()
                .mapToDouble(s -> s.sendRate() - s.receiveRate() / expectedGrade).filter(v -> !Double.isNaN(v))
                .toArray());
        return new BacklogDrift(received.rate() - dispatched.rate() / expectedGrade, interval,
                levelSlope(window, expectedGrade), received.rate(), precision, received.seconds());
    }

    /**
     * The backlog's level at each second, up to a constant: the sum of each second's sent less
     * received over the grade, times the second's length (a second without figures adds nothing).
     */
    private static LevelSlope levelSlope(List<IntervalSample> window, double expectedGrade) {
        double[] time = new double[window.size()];
        double[] level = new double[window.size()];
        double backlog = 0;
        double previous = window.isEmpty() ? 0 : window.get(0).t() - 1;
        for (int i = 0; i < window.size(); i++) {
            IntervalSample s = window.get(i);
            double change = s.sendRate() - s.receiveRate() / expectedGrade;
            if (!Double.isNaN(change)) {
                backlog += change * Math.max(0, s.t() - previous);
            }
            previous = s.t();
            time[i] = s.t();
            level[i] = backlog;
        }
        return LevelSlope.of(time, level);
    }

    /** The half-width of the level slope's interval, msgs/s (NaN when too few seconds). */
    double halfWidth() {
        return level.halfWidth();
    }

    /** The backlog's fitted change a second, msgs/s (positive: grew). */
    double slope() {
        return level.slope();
    }

    /** The messages the backlog changed by over the window (positive: grew), from the window's counts. */
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
        return Math.abs(slope()) + halfWidth() <= tolerance();
    }

    /** The whole interval beyond the tolerance: the backlog was shown to move. */
    boolean shownMoving() {
        return Math.abs(slope()) - halfWidth() > tolerance();
    }

    /**
     * About how many seconds a window would need for its interval to tell either way, the slope and
     * the backlog's scatter staying as they were. With the batches as many and each longer, the
     * slope's half-width falls at least as 1/seconds (faster while the backlog stays bounded, as
     * each batch's mean then steadies too); this takes 1/seconds, so it errs long. Empty without an
     * interval or when no window under {@link #LONGEST_ESTIMATE} seconds would (the slope about the
     * tolerance itself).
     */
    OptionalLong secondsToTell() {
        if (Double.isNaN(halfWidth())) {
            return OptionalLong.empty();
        }
        for (long s = (long) Math.floor(seconds) + 1; s <= LONGEST_ESTIMATE; s++) {
            if (halfWidth() * seconds / s < Math.abs(toleranceOver(s) - Math.abs(slope()))) {
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
