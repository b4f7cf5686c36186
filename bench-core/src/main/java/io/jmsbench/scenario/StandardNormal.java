package io.jmsbench.scenario;

/**
 * The standard normal distribution's quantile, for {@link Distribution.LogNormal}: its cumulative
 * distribution integrated by Simpson's rule and inverted by bisection. Slow next to a rational
 * approximation (some 50 µs a value), but it is run only to draw a table, and exact to about 1e-9.
 */
final class StandardNormal {

    /** Beyond ±this the distribution holds less than 1e-18: the tails end there. */
    private static final double LIMIT = 9;
    private static final int STEPS = 128;
    private static final int BISECTIONS = 60;

    private StandardNormal() {
    }

    /** The x below which a fraction {@code u} of the distribution lies; ±{@value #LIMIT} at the ends. */
    static double quantile(double u) {
        double low = -LIMIT;
        double high = LIMIT;
        for (int i = 0; i < BISECTIONS; i++) {
            double mid = (low + high) / 2;
            if (cdf(mid) < u) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    /** The fraction below {@code x}: one half plus the density's integral from 0 to x. */
    static double cdf(double x) {
        double h = x / STEPS;
        double sum = density(0) + density(x);
        for (int i = 1; i < STEPS; i++) {
            sum += density(i * h) * (i % 2 == 0 ? 2 : 4);
        }
        return 0.5 + sum * h / 3;
    }

    private static double density(double t) {
        return Math.exp(-t * t / 2) / Math.sqrt(2 * Math.PI);
    }
}
