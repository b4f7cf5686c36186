package io.jmsbench.report;

import java.util.Locale;

/** A point's backlog figures ({@link BacklogFigures}), for people. */
public final class BacklogLines {

    private BacklogLines() {
    }

    /**
     * "Backlog (late, leaving or slow subscribers; from the clients' counts, each time at most a second
     * late): peak 5,012 messages at 6.0 s; drained at 7.0 s, 2.0 s after the consumers joined at 5.0 s
     * and 1.0 s after the peak, at 4,950 msgs/s; the broker held at most 5,100 at 6.0 s."
     */
    public static String markdown(BacklogFigures b) {
        String drained = b.none()
                ? String.format(Locale.ROOT, "never above the %s messages counted as in flight", Figures.count(b.tolerance()))
                : b.drained()
                ? String.format(Locale.ROOT, "drained (to within %s messages) at %.1f s, %.1f s after the consumers "
                        + "joined at %.1f s and %.1f s after the peak%s", Figures.count(b.tolerance()), b.drainedAt(),
                        b.drainSeconds(), b.joinedAt(), b.drainedAt() - b.peakAt(), Double.isNaN(b.drainRate()) ? ""
                        : ", at " + Figures.rate(b.drainRate()) + " msgs/s")
                : String.format(Locale.ROOT, "NOT drained by the point's end (more than %s messages left)",
                        Figures.count(b.tolerance()));
        String broker = b.brokerPeak() == null ? "" : String.format(Locale.ROOT, "; the broker held at most %s at "
                + "%.1f s (its management interface)", Figures.count(b.brokerPeak()), b.brokerPeakAt());
        return String.format(Locale.ROOT, "Backlog (late, leaving or slow subscribers; copies sent and not yet "
                + "received, from the clients' counts at each second, so each time is at most a second late): peak %s "
                + "messages at %.1f s; %s%s.", Figures.count(b.peak()), b.peakAt(), drained, broker);
    }
}
