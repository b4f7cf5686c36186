package io.jmsbench.report;

import java.util.Locale;

/** Numbers as reports print them; never rounded to hide anything: rates keep their units digit. */
public final class Figures {

    private Figures() {
    }

    public static String rate(double perSecond) {
        return Double.isNaN(perSecond) ? "n/a" : String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    /** A rate with its 95% interval: {@code 41,184 ± 5,470}; the rate alone when there is no interval. */
    public static String rate(double perSecond, double ci95) {
        return Double.isNaN(ci95) ? rate(perSecond) : rate(perSecond) + " ± " + rate(ci95);
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    public static String cores(double cores) {
        return Double.isNaN(cores) ? "n/a" : String.format(Locale.ROOT, "%.2f", cores);
    }

    public static String percent(double fraction) {
        return Double.isNaN(fraction) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }

    public static String grade(double r) {
        return Double.isNaN(r) ? "n/a" : String.format(Locale.ROOT, "%.4f", r);
    }

    public static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    public static String bytes(long b) {
        return b < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f GiB", b / (1024.0 * 1024 * 1024));
    }
}
