package io.jmsbench.run.progress;

import java.util.Locale;

/** A rate in few characters for a line that must fit a terminal: 950, 12.3k, 1.25M. */
final class Rates {

    private Rates() {
    }

    static String compact(double perSecond) {
        if (Double.isNaN(perSecond)) {
            return "n/a";
        }
        if (perSecond >= 999_500) {
            return String.format(Locale.ROOT, "%.2fM", perSecond / 1e6);
        }
        if (perSecond >= 9_995) {
            return String.format(Locale.ROOT, "%.1fk", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", perSecond);
    }
}
