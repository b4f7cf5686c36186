package io.jmsbench.history.trend;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Change points in a series by E-divisive means (Matteson and James, "A Nonparametric Approach for
 * Multiple Change Point Analysis of Multivariate Data", JASA 2014), the method MongoDB's performance
 * CI runs over its benchmark histories (Daly et al., ICPE 2020) and Apache Otava (formerly Hunter)
 * after it. Chosen because it assumes no distribution and no number of changes: benchmark figures
 * on a shared machine are skewed and have outliers, which a mean-and-variance test (CUSUM, a t-test
 * at every split) would take for shifts.
 *
 * <p>With α = 1, a split of a segment at τ is scored by the energy distance between the values before
 * it (X) and those from τ to some κ (Y), scaled by their sizes, at the best κ:
 * Q(τ, κ) = n₁n₂/(n₁+n₂) · (2/(n₁n₂)·Σ|xᵢ−yⱼ| − Σ|xᵢ−xₖ|/C(n₁,2) − Σ|yⱼ−yₖ|/C(n₂,2)).
 * Each round takes the best split over all current segments and keeps it when a permutation test
 * says so: the segment's values shuffled {@code permutations} times, p = (1 + shuffles scoring at least
 * as high) / (1 + permutations), kept when p ≤ {@code alpha}; the first split not kept ends the search.
 * The shuffles come from one seeded generator, so a series gives the same answer on every machine.
 * Each side of a split holds at least {@code minSegment} runs: fewer say nothing about a distribution.
 */
public final class EDivisive {

    public static final int PERMUTATIONS = 199;
    public static final double ALPHA = 0.05;
    public static final int MIN_SEGMENT = 3;
    public static final long SEED = 1;

    /** A split found: the index of the first value after it, and its permutation p-value. */
    public record Split(int index, double pValue) {
    }

    private EDivisive() {
    }

    /** The change points of {@code values}, in order, with this class's settings. */
    public static List<Split> find(double[] values) {
        return find(values, PERMUTATIONS, ALPHA, MIN_SEGMENT, SEED);
    }

    public static List<Split> find(double[] values, int permutations, double alpha, int minSegment, long seed) {
        Random random = new Random(seed);
        List<Split> found = new ArrayList<>();
        List<int[]> segments = new ArrayList<>(List.of(new int[] {0, values.length}));
        while (true) {
            int[] best = null;
            double bestScore = 0;
            int bestTau = -1;
            for (int[] s : segments) {
                double[] scored = best(values, s[0], s[1], minSegment);
                if (scored != null && scored[2] > bestScore) {
                    best = s;
                    bestScore = scored[2];
                    bestTau = (int) scored[0];
                }
            }
            if (best == null) {
                return sorted(found);
            }
            double p = pValue(values, best[0], best[1], bestScore, permutations, minSegment, random);
            if (p > alpha) {
                return sorted(found);
            }
            found.add(new Split(bestTau, p));
            segments.remove(best);
            segments.add(new int[] {best[0], bestTau});
            segments.add(new int[] {bestTau, best[1]});
        }
    }

    private static List<Split> sorted(List<Split> found) {
        return found.stream().sorted((a, b) -> Integer.compare(a.index(), b.index())).toList();
    }

    private static double pValue(double[] values, int from, int to, double observed, int permutations, int minSegment,
                                 Random random) {
        double[] shuffled = new double[to - from];
        System.arraycopy(values, from, shuffled, 0, shuffled.length);
        int atLeast = 0;
        for (int k = 0; k < permutations; k++) {
            for (int i = shuffled.length - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                double t = shuffled[i];
                shuffled[i] = shuffled[j];
                shuffled[j] = t;
            }
            double[] scored = best(shuffled, 0, shuffled.length, minSegment);
            if (scored != null && scored[2] >= observed) {
                atLeast++;
            }
        }
        return (1.0 + atLeast) / (1.0 + permutations);
    }

    /**
     * The best split of {@code values[from, to)}: {τ, κ, Q}, or null when it is too short to split. As
     * in Matteson and James, the right side is [τ, κ) for the best κ, not always the rest of the
     * segment: a shift that comes and goes (a fall, then the fix) is then found too. Sums of distances
     * over any two ranges come from one table of cumulative sums, so a segment is scored in O(n²).
     */
    static double[] best(double[] values, int from, int to, int minSegment) {
        int n = to - from;
        if (n < 2 * minSegment) {
            return null;
        }
        double[][] c = new double[n + 1][n + 1]; // c[a][b]: distances from the first a values to the first b
        for (int a = 1; a <= n; a++) {
            double row = 0;
            for (int b = 1; b <= n; b++) {
                row += Math.abs(values[from + a - 1] - values[from + b - 1]);
                c[a][b] = c[a - 1][b] + row;
            }
        }
        double bestQ = Double.NEGATIVE_INFINITY;
        double[] best = null;
        for (int tau = minSegment; tau <= n - minSegment; tau++) {
            double n1 = tau;
            double within1 = sum(c, 0, tau, 0, tau) / 2;
            for (int kappa = tau + minSegment; kappa <= n; kappa++) {
                double n2 = kappa - tau;
                double between = sum(c, 0, tau, tau, kappa);
                double within2 = sum(c, tau, kappa, tau, kappa) / 2;
                double energy = 2 * between / (n1 * n2) - within1 / (n1 * (n1 - 1) / 2)
                        - within2 / (n2 * (n2 - 1) / 2);
                double q = n1 * n2 / (n1 + n2) * energy;
                if (q > bestQ) {
                    bestQ = q;
                    best = new double[] {from + tau, from + kappa, q};
                }
            }
        }
        return best;
    }

    /** The distances from values [a0, a1) to values [b0, b1), by the cumulative table. */
    private static double sum(double[][] c, int a0, int a1, int b0, int b1) {
        return c[a1][b1] - c[a0][b1] - c[a1][b0] + c[a0][b0];
    }
}
