package io.jmsbench.stats;

/**
 * Where a series' initial transient ends, by MSER-5 (White, 1997; the usual truncation rule in
 * simulation output analysis): the series is cut into batches of {@link #BATCH} values, and the
 * truncation is the number of leading batches {@code d} that minimises the squared standard error
 * of the mean of the batches left, {@code sum((z_j - mean)^2) / (k - d)^2}. Dropping a transient
 * lowers it; dropping steady values raises it, since fewer values are left.
 *
 * <p>Only truncations in the first half of the series are candidates: near the end so few batches
 * are left that the statistic is small by chance. A minimum on the last candidate says the
 * transient may go on past the half, so the series is {@linkplain #settled() not settled} yet.
 *
 * <p>On a noisy steady series the statistic also falls by chance when a few more steady batches
 * are dropped, and MSER is known to over-truncate then (10 s of climb in 3% noise cut at 25 s).
 * So the cut moves back, batch by batch, while the batch before it lies within
 * {@link #GIVE_BACK_SD} standard deviations of the kept batches' mean: one the steady state would
 * have produced. A transient batch the noise hides is given back too; it is then no transient
 * this series can tell.
 *
 */
public record Mser(int truncation, int batches, boolean settled) {

    public static final int BATCH = 5;
    /** Fewer batches than this say nothing about a transient: no truncation is offered. */
    public static final int MIN_BATCHES = 3;
    /** A dropped batch this close to the kept batches' mean, in standard deviations of a batch, is steady. */
    public static final double GIVE_BACK_SD = 3;

    /** The truncation of {@code series}, values in time order; {@code batches < MIN_BATCHES} when too short. */
    public static Mser of(double[] series) {
        int k = series.length / BATCH;
        if (k < MIN_BATCHES) {
            return new Mser(-1, k, false);
        }
        double[] z = new double[k];
        for (int j = 0; j < k; j++) {
            double sum = 0;
            for (int i = 0; i < BATCH; i++) {
                sum += series[j * BATCH + i];
            }
            z[j] = sum / BATCH;
        }
        int best = 0;
        double bestValue = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= k / 2; d++) {
            double value = statistic(z, d);
            if (value < bestValue) {
                bestValue = value;
                best = d;
            }
        }
        return new Mser(giveBack(series, z, best) * BATCH, k, best < k / 2);
    }

    /**
     * The earliest cut at or before {@code cut} whose dropped batches each look like the kept ones.
     * MSER chose the cut where the kept batches vary least, so their own spread understates the
     * steady state's: the spread of their single values, scaled to a batch, bounds it from below.
     */
    static int giveBack(double[] series, double[] z, int cut) {
        int left = z.length - cut;
        if (left < 2) {
            return cut;
        }
        double mean = Series.mean(z, cut, z.length);
        double squares = Series.squares(z, cut, z.length, mean);
        int from = cut * BATCH;
        int to = z.length * BATCH;
        double values = Series.squares(series, from, to, mean);
        double sd = Math.max(Math.sqrt(squares / (left - 1)), Math.sqrt(values / (to - from - 1) / BATCH));
        int d = cut;
        while (d > 0 && Math.abs(z[d - 1] - mean) <= GIVE_BACK_SD * sd) {
            d--;
        }
        return d;
    }

    private static double statistic(double[] z, int d) {
        int left = z.length - d;
        return Series.squares(z, d, z.length, Series.mean(z, d, z.length)) / ((double) left * left);
    }
}
