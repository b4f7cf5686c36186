package io.jmsbench.stats;

/** Sums over a stretch of a series, shared by the estimators of this package. */
final class Series {

    private Series() {
    }

    /** The mean of {@code x[from..to)}. */
    static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }

    static double mean(double[] x) {
        return mean(x, 0, x.length);
    }

    /** The sum of squared deviations of {@code x[from..to)} from {@code about}. */
    static double squares(double[] x, int from, int to, double about) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (x[i] - about) * (x[i] - about);
        }
        return sum;
    }
}
