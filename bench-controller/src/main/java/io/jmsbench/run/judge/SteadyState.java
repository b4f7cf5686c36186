package io.jmsbench.run.judge;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether the broker's backlog held still over a measurement window. If the subscribers got more
 * (or fewer) copies per message sent than the scenario's replication grade, they drained (or left
 * behind) messages sent outside the window, so the window's rates are not the broker's capacity:
 * under flow control, publishers can stall while subscribers empty the broker. The grade over the
 * whole run is judged elsewhere; this looks at the window only.
 *
 * <p>The backlog's change a second, {@code sent - received / grade}, is a series like the rates; a
 * capacity window is judged by the slope of the backlog's level with its 95% interval, a fixed rate
 * by the mean change a second with its batch-means interval ({@link BacklogDrift} says why). Its tolerance is the
 * precision asked of the window's rates ({@code phases.precision}, 5% unless told) of the rate
 * sent: a backlog moving by a fraction {@code f} of the rate sent means the publishers sent
 * {@code f} more (or less) than the broker passed on, so the capacity figure is off the rate the
 * broker keeps up with by about {@code f}, and a drift within the precision the user accepts for
 * the figure cannot move it beyond that; a tolerance of zero no window could ever show. A change of
 * fewer than {@link #MIN_BACKLOG_CHANGE} messages over the window counts as flat too (the edges).
 *
 * <p>A capacity figure (a saturated point, the held window of {@code rate: sustainable}) must show
 * its steadiness: its interval must lie within the tolerance. One whose interval lies beyond it is
 * {@link FindingCode#NOT_STEADY}; one whose interval straddles it could not tell, and is
 * {@link FindingCode#STEADINESS_NOT_SHOWN} (unverified, not valid) with an estimate of the window
 * that would tell. A fixed rate claims no capacity, so its backlog is a note
 * ({@link FindingCode#BACKLOG_CHANGED}) only where the change is beyond both its noise and the
 * tolerance. A window with too few seconds for an interval is not judged here: for a capacity
 * point the judge says it could not be.
 *
 * <p>A backlog change far beyond what the messages in flight at the window's edges could explain
 * ({@link #GROSS_CHANGE} messages and a grade off by {@link #GROSS_GRADE_OFF} of the expected) is
 * named whatever the interval: the counts are exact, and a broker whose publishers stall and burst
 * under flow control makes each second's change noisy while the backlog grows by hundreds of
 * thousands (an external ActiveMQ's consumers fell that far behind in a 10 s window).
 */
final class SteadyState {

    /**
     * Messages in flight at the window's two edges differ by a few prefetch windows even in a steady
     * state, so a smaller backlog change says nothing.
     */
    static final long MIN_BACKLOG_CHANGE = 1_000;
    /**
     * Ten times {@link #MIN_BACKLOG_CHANGE}, a few prefetch windows of several consumers at once:
     * more than that, with the grade a quarter off, the edges cannot explain.
     */
    static final long GROSS_CHANGE = 10 * MIN_BACKLOG_CHANGE;
    static final double GROSS_GRADE_OFF = 0.25;

    private SteadyState() {
    }

    /**
     * The finding, if the window's backlog changed or, for a capacity point, was not shown not to:
     * {@link FindingCode#NOT_STEADY} or {@link FindingCode#STEADINESS_NOT_SHOWN} for a capacity point,
     * {@link FindingCode#BACKLOG_CHANGED} for a fixed-rate one.
     */
    static Optional<Finding> check(RateFigure received, RateFigure dispatched, double expectedGrade,
                                   List<IntervalSample> window, double tolerance, boolean capacity) {
        return check(received, dispatched, expectedGrade, window, tolerance, capacity, false);
    }

    /** As above; {@code sustainable}: the window holds the rate a closed loop found, and the advice is for it. */
    static Optional<Finding> check(RateFigure received, RateFigure dispatched, double expectedGrade,
                                   List<IntervalSample> window, double tolerance, boolean capacity,
                                   boolean sustainable) {
        if (!(expectedGrade > 0) || !(received.rate() > 0) || !(received.seconds() > 0)) {
            return Optional.empty();
        }
        double windowGrade = dispatched.rate() / received.rate();
        BacklogDrift drift = BacklogDrift.of(received, dispatched, expectedGrade, window, tolerance);
        double change = drift.change();
        boolean gross = Math.abs(change) >= GROSS_CHANGE
                && Math.abs(windowGrade - expectedGrade) > GROSS_GRADE_OFF * expectedGrade;
        double halfWidth = capacity ? drift.halfWidth() : drift.interval().halfWidth();
        double estimate = capacity ? drift.slope() : drift.perSecond();
        boolean noInterval = Double.isNaN(halfWidth);
        boolean moved = capacity ? !noInterval && drift.shownMoving()
                : !noInterval && Math.abs(drift.perSecond()) > halfWidth
                        && Math.abs(windowGrade - expectedGrade) > tolerance * expectedGrade
                        && Math.abs(change) >= MIN_BACKLOG_CHANGE;
        String text = String.format(Locale.ROOT, "the subscribers got %.2f copies per message sent in the window "
                        + "against the expected %.2f: the broker's backlog %s by about %,d messages during it",
                windowGrade, expectedGrade, Math.round(change) > 0 ? "grew" : Math.round(change) < 0 ? "shrank" : "changed",
                Math.round(Math.abs(change)));
        if (gross || moved) {
            String noise = noInterval
                    ? String.format(Locale.ROOT, " (%,.0f msgs/s; too few seconds for an interval)", drift.perSecond())
                    : String.format(Locale.ROOT, " (%,.0f ± %,.0f msgs/s%s)", estimate, halfWidth,
                            Math.abs(estimate) > halfWidth ? ""
                                    : ": each second's change is noisy, the backlog's growth is not");
            return Optional.of(capacity
                    ? Finding.of(FindingCode.NOT_STEADY, "not a steady state: " + text + noise + ", so its rates are "
                            + "not the broker's capacity " + advice(sustainable, change))
                    : Finding.of(FindingCode.BACKLOG_CHANGED, "backlog changed: " + text + noise + "; at this rate the "
                            + "broker or the subscribers may not keep up"));
        }
        if (!capacity || noInterval || drift.shownFlat()) {
            return Optional.empty();
        }
        return Optional.of(Finding.of(FindingCode.STEADINESS_NOT_SHOWN, notShown(drift, text)));
    }

    /**
     * What may help: for a saturated point, a warm-up that lets the backlog settle; the closed loop
     * runs its warm-up itself, so for it, what its short steps could not show.
     */
    private static String advice(boolean sustainable, double change) {
        if (!sustainable) {
            return "(an auto warm-up, or a longer one, may help)";
        }
        return change > 0 ? "(the closed loop's steps of a few seconds kept up at this rate, but over the window "
                + "the broker did not: its limit is below the rate found; a fixed rate under it, publishers.rate, "
                + "measures what it sustains)"
                : "(the subscribers drained what the closed loop left before the window: a rerun, or the rate found "
                + "held as a fixed rate, publishers.rate, after a warm-up, measures it)";
    }

    private static String notShown(BacklogDrift drift, String text) {
        OptionalLong tell = drift.secondsToTell();
        return String.format(Locale.ROOT, "steadiness not shown: %s (%,.0f ± %,.0f msgs/s), an interval that neither "
                        + "stays within the tolerance, %s, nor lies beyond it, so the window cannot tell whether the "
                        + "broker kept up; %s",
                text, drift.slope(), drift.halfWidth(), drift.toleranceText(), tell.isPresent()
                        ? "a window (phases.measure) of about " + BacklogDrift.rounded(tell.getAsLong()) + " would tell "
                        + "(an estimate: the interval narrows at least as 1/seconds)"
                        : "no window under an hour would tell (an estimate: the change is about the tolerance itself)");
    }

    /**
     * The same question asked of the broker itself: the messages it holds, as its management
     * interface said at the window's edges ({@code -1}: unknown). A change (growth or fall) of more
     * than {@link #GROSS_CHANGE} messages and more than {@code tolerance} of the window's messages is
     * a backlog the clients' counts may not show (copies a broker keeps for a subscriber group that
     * never takes them, say).
     */
    static Optional<Finding> brokerDepth(long atStart, long atEnd, RateFigure received, double tolerance,
                                         boolean capacity) {
        if (atStart < 0 || atEnd < 0) {
            return Optional.empty();
        }
        long change = atEnd - atStart;
        if (Math.abs(change) < GROSS_CHANGE || Math.abs(change) <= tolerance * received.messages()) {
            return Optional.empty();
        }
        String text = String.format(Locale.ROOT, "the broker's own count of the messages it holds %s from %,d to "
                + "%,d during the window (its management interface)", change > 0 ? "grew" : "fell", atStart, atEnd);
        return Optional.of(capacity
                ? Finding.of(FindingCode.NOT_STEADY, "not a steady state: " + text + ", so its rates are not the "
                        + "broker's capacity")
                : Finding.of(FindingCode.BACKLOG_CHANGED, "backlog changed: " + text + "; at this rate the broker "
                        + "or the subscribers may not keep up"));
    }
}
