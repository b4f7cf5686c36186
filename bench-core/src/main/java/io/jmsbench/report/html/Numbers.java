package io.jmsbench.report.html;

/**
 * Numbers as the page's data carries them: {@code null} where the report has no value (NaN or
 * infinite), so a chart leaves a gap instead of drawing zero, and rounded to what a chart can show,
 * which keeps the largest sweep's page a few megabytes.
 */
final class Numbers {

    private Numbers() {
    }

    /** {@code v} rounded to {@code decimals} places; {@code null} when unknown. */
    static Double of(double v, int decimals) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    /** {@code v} as it is; {@code null} when unknown. */
    static Double finite(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    /** A rate or a count in messages/s: whole units are finer than any interval the report gives. */
    static Double rate(double v) {
        return of(v, 0);
    }
}
