package io.jmsbench.report;

import java.util.Locale;

/** A point's request/reply figures in one sentence, as report.md and report.html say them. */
public final class RoundTripLine {

    private RoundTripLine() {
    }

    /** The sentence; {@code null} without requesters. */
    public static String of(RoundTrip r) {
        if (r == null) {
            return null;
        }
        String counts = String.format(Locale.ROOT, "Request/reply: %s requests sent, %s replies received, %s unanswered",
                Figures.count(r.requests()), Figures.count(r.replies()), Figures.count(r.unanswered()));
        LatencyFigures l = r.latency();
        if (l == null || l.count() == 0) {
            return counts + "; no round trip measured from the window's start.";
        }
        return counts + String.format(Locale.ROOT, "; round trip from the window's start, %s: %s replies; p50 %.0f µs, "
                + "p99 %.0f µs, p99.9 %.0f µs, max %.0f µs.", l.basis(), Figures.count(l.count()), l.p50(), l.p99(),
                l.p999(), l.max());
    }
}
