package io.jmsbench.stats;

/**
 * The 95% confidence interval of a window's mean rate from its per-second rates, by the method of
 * batch means: the seconds are cut into consecutive batches, and the batches' means, if long
 * enough to be nearly uncorrelated, are treated as independent (Student t over them). A broker's
 * throughput second by second is autocorrelated (a GC pause, a flow-control stall or a journal
 * sync spans several seconds), so one-second samples taken as independent would give an interval
 * too narrow; the batches grow until the lag-1 autocorrelation of their means is at most
 * {@link #MAX_LAG1}, keeping at least {@link #MIN_BATCHES} of them.
 *
 * @param halfWidth the interval's half-width (NaN with fewer than {@link #MIN_BATCHES} seconds)
 * @param batches   how many batches it was computed from
 * @param batchSize seconds per batch
 * @param lag1      the lag-1 autocorrelation of the batch means it was computed from
 * @param correlated the batch means stayed correlated above {@link #MAX_LAG1} at the fewest batches
 *                   allowed: the interval is likely too narrow
 */
public record BatchMeans(double halfWidth, int batches, int batchSize, double lag1, boolean correlated) {

    /** Fewer batches make the t quantile, and so the interval, too wide to say much. */
    public static final int MIN_BATCHES = 5;
    /** Batch means this little correlated are taken as independent (a common rule in simulation output analysis). */
    public static final double MAX_LAG1 = 0.2;

    public static final BatchMeans NONE = new BatchMeans(Double.NaN, 0, 0, Double.NaN, false);

    /** The interval of the mean of {@code perSecond}, one value per (about one) second, in order. */
    public static BatchMeans of(double[] perSecond) {
        int n = perSecond.length;
        if (n < MIN_BATCHES) {
            return NONE;
        }
        BatchMeans best = null;
        for (int size = 1; n / size >= MIN_BATCHES; size++) {
            double[] means = means(perSecond, size);
            double lag1 = lag1(means);
            best = new BatchMeans(halfWidth(means), means.length, size, lag1, false);
            if (!(lag1 > MAX_LAG1)) {
                return best;
            }
        }
        return new BatchMeans(best.halfWidth, best.batches, best.batchSize, best.lag1, true);
    }

    /** Means of consecutive batches of {@code size}; the first {@code n mod size} values (the oldest) are left out. */
    static double[] means(double[] values, int size) {
        int k = values.length / size;
        int skip = values.length - k * size;
        double[] means = new double[k];
        for (int j = 0; j < k; j++) {
            double sum = 0;
            for (int i = 0; i < size; i++) {
                sum += values[skip + j * size + i];
            }
            means[j] = sum / size;
        }
        return means;
    }

    static double lag1(double[] x) {
        double mean = Series.mean(x);
        double numerator = 0;
        double denominator = 0;
        for (int i = 0; i < x.length; i++) {
            denominator += (x[i] - mean) * (x[i] - mean);
            if (i + 1 < x.length) {
                numerator += (x[i] - mean) * (x[i + 1] - mean);
            }
        }
        return denominator == 0 ? 0 : numerator / denominator;
    }

    private static double halfWidth(double[] means) {
        double squares = Series.squares(means, 0, means.length, Series.mean(means));
        double sd = Math.sqrt(squares / (means.length - 1));
        return StudentT.quantile975(means.length - 1) * sd / Math.sqrt(means.length);
    }
}
