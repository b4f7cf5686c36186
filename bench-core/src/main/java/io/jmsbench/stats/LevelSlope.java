package io.jmsbench.stats;

import java.util.Arrays;

/**
 * How fast a level moved over a window (a broker's backlog, in messages, second by second), with
 * the 95% interval of that slope: a line fitted to the means of {@link #BATCHES} consecutive
 * batches of the seconds, its error from the batches' scatter about it (Student t, {@code BATCHES - 2}
 * degrees of freedom).
 *
 * <p>Why the level and not its change a second: a backlog that stays bounded (a subscriber a
 * prefetch window behind its publisher, flow control stalling and releasing the publishers) moves
 * by thousands from one second to the next, but those changes cancel out, so an interval of the
 * mean change a second (batch means of the changes) stays as wide as a single second's noise over
 * the root of the seconds, while the level's slope narrows as the window grows: a window of 30 s
 * can show a bounded backlog flat where one of the changes a second could not in an hour. A
 * backlog that truly grows shows as a slope the batches' scatter cannot explain. Batch means (not
 * the seconds) because the level is autocorrelated; five batches are the fewest that leave the fit
 * any degrees of freedom worth having.
 *
 * @param slope     the fitted change a second (NaN with fewer than {@link #BATCHES} seconds)
 * @param halfWidth the 95% interval's half-width of the slope (NaN likewise)
 * @param batches   how many batches it was fitted to
 * @param batchSize seconds per batch
 */
public record LevelSlope(double slope, double halfWidth, int batches, int batchSize) {

    public static final int BATCHES = 5;
    public static final LevelSlope NONE = new LevelSlope(Double.NaN, Double.NaN, 0, 0);

    /**
     * The slope of {@code level} over {@code time} (seconds, increasing), one value per (about one)
     * second; the first {@code n mod BATCHES} values (the oldest) are left out, as in {@link BatchMeans}.
     */
    public static LevelSlope of(double[] time, double[] level) {
        int n = Math.min(time.length, level.length);
        if (n < BATCHES) {
            return NONE;
        }
        int size = n / BATCHES;
        double[] x = BatchMeans.means(Arrays.copyOf(time, n), size);
        double[] y = BatchMeans.means(Arrays.copyOf(level, n), size);
        double xMean = Series.mean(x);
        double yMean = Series.mean(y);
        double sxx = 0;
        double sxy = 0;
        for (int j = 0; j < x.length; j++) {
            sxx += (x[j] - xMean) * (x[j] - xMean);
            sxy += (x[j] - xMean) * (y[j] - yMean);
        }
        if (!(sxx > 0)) {
            return NONE;
        }
        double slope = sxy / sxx;
        double residuals = 0;
        for (int j = 0; j < x.length; j++) {
            double r = y[j] - yMean - slope * (x[j] - xMean);
            residuals += r * r;
        }
        double standardError = Math.sqrt(residuals / (x.length - 2) / sxx);
        return new LevelSlope(slope, StudentT.quantile975(x.length - 2) * standardError, x.length, size);
    }
}
