package io.jmsbench.report;

import io.jmsbench.stats.StudentT;

import java.util.List;

/**
 * A figure over the repeats of one point: how many, mean, sample standard deviation and the
 * half-width of the 95% confidence interval of the mean (Student t; NaN for a single repeat).
 */
public record Stat(int n, double mean, double sd, double ci95) {

    public static Stat of(List<Double> values) {
        List<Double> known = values.stream().filter(v -> !Double.isNaN(v)).toList();
        int n = known.size();
        if (n == 0) {
            return new Stat(0, Double.NaN, Double.NaN, Double.NaN);
        }
        double mean = known.stream().mapToDouble(Double::doubleValue).sum() / n;
        if (n == 1) {
            return new Stat(1, mean, Double.NaN, Double.NaN);
        }
        double squares = 0;
        for (double v : known) {
            squares += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        return new Stat(n, mean, sd, StudentT.quantile975(n - 1) * sd / Math.sqrt(n));
    }
}
