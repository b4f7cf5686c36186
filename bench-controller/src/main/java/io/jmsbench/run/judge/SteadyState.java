package io.jmsbench.run.judge;

import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.Locale;
import java.util.Optional;

/**
 * Whether the broker's backlog held still over a measurement window. If the subscribers got
 * clearly more (or fewer) copies per message sent than the scenario's replication grade, they
 * drained (or left behind) messages sent outside the window, so the window's rates are not the
 * broker's capacity: under flow control, publishers can stall while subscribers empty the broker.
 * The grade over the whole run is judged elsewhere; this looks at the window only.
 *
 * <p>It is a note on the point, not an invalid reason: a short window after a short warm-up
 * routinely sees the subscribers' prefetch buffers fill (the CI smoke runs: 10% and 21,000
 * messages in 3 s), and where the line lies between that and a broker that cannot keep up
 * needs more measured runs than this rule has seen.
 */
final class SteadyState {

    /** Relative difference of the window's grade from the expected one that counts as a backlog change. */
    static final double TOLERANCE = 0.10;
    /**
     * Messages in flight at the window's two edges differ by a few prefetch windows even in a steady
     * state, so a smaller backlog change says nothing.
     */
    static final long MIN_BACKLOG_CHANGE = 1_000;

    private SteadyState() {
    }

    /** The note, if the window's backlog grew or shrank. */
    static Optional<Finding> check(RateFigure received, RateFigure dispatched, double expectedGrade) {
        if (!(expectedGrade > 0) || !(received.rate() > 0) || !(received.seconds() > 0)) {
            return Optional.empty();
        }
        double windowGrade = dispatched.rate() / received.rate();
        double change = (received.rate() - dispatched.rate() / expectedGrade) * received.seconds();
        if (Math.abs(windowGrade - expectedGrade) <= TOLERANCE * expectedGrade || Math.abs(change) < MIN_BACKLOG_CHANGE) {
            return Optional.empty();
        }
        return Optional.of(Finding.of(FindingCode.NOT_STEADY, String.format(Locale.ROOT,
                "not a steady state: the subscribers got %.2f copies per message sent in the window against the "
                        + "expected %.2f: the broker's backlog %s by about %,d messages during it, so its rates "
                        + "are not the broker's capacity (a longer warm-up or window may help)",
                windowGrade, expectedGrade, change > 0 ? "grew" : "shrank", Math.round(Math.abs(change)))));
    }
}
