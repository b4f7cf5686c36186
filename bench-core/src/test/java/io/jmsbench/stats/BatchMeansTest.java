package io.jmsbench.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batch means on synthetic series whose true mean is known. */
@Timeout(10)
class BatchMeansTest {

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** How many of 100 seeded series of {@code n} seconds have an interval that covers {@code 1000}. */
    private static int covered(int n, double phi, double sigma) {
        int covered = 0;
        for (int seed = 1; seed <= 100; seed++) {
            Random random = new Random(seed);
            double[] series = new double[n];
            double noise = 0;
            for (int i = 0; i < n; i++) {
                noise = phi * noise + random.nextGaussian() * sigma;
                series[i] = 1000 + noise;
            }
            BatchMeans interval = BatchMeans.of(series);
            double mean = mean(BatchMeans.means(series, interval.batchSize()));
            if (Math.abs(mean - 1000) <= interval.halfWidth()) {
                covered++;
            }
        }
        return covered;
    }

    @Test
    void onWhiteNoiseTheIntervalCoversTheTrueMeanAtLeast93TimesIn100() {
        int covered = covered(30, 0, 100);
        assertTrue(covered >= 93, "covered " + covered + " of 100");
    }

    @Test
    void onAutocorrelatedSecondsTheBatchesGrowAndTheIntervalStillCovers() {
        int covered = covered(120, 0.7, 100);
        assertTrue(covered >= 85, "covered " + covered + " of 100");
        Random random = new Random(7);
        double[] series = new double[120];
        double noise = 0;
        for (int i = 0; i < series.length; i++) {
            noise = 0.7 * noise + random.nextGaussian() * 100;
            series[i] = 1000 + noise;
        }
        BatchMeans interval = BatchMeans.of(series);
        assertTrue(interval.batchSize() > 1, "one-second batches are correlated: " + interval);
        assertTrue(interval.lag1() <= BatchMeans.MAX_LAG1 || interval.correlated(), interval.toString());
    }

    @Test
    void tooFewSecondsGiveNoInterval() {
        assertEquals(BatchMeans.NONE, BatchMeans.of(new double[] {1, 2, 3, 4}));
        assertTrue(Double.isNaN(BatchMeans.of(new double[0]).halfWidth()));
    }

    @Test
    void aConstantRateHasNoWidth() {
        BatchMeans interval = BatchMeans.of(new double[] {500, 500, 500, 500, 500, 500});
        assertEquals(0, interval.halfWidth(), 0);
        assertFalse(interval.correlated());
    }

    @Test
    void aTrendThatNeverDecorrelatesIsSaidToBeCorrelated() {
        double[] ramp = new double[20];
        for (int i = 0; i < ramp.length; i++) {
            ramp[i] = 1000 + 50 * i;
        }
        BatchMeans interval = BatchMeans.of(ramp);
        assertTrue(interval.correlated(), interval.toString());
        assertEquals(BatchMeans.MIN_BATCHES, interval.batches());
    }

    @Test
    void batchesLeaveTheOldestRemainderOut() {
        assertArrayEquals(new double[] {2.5, 4.5}, BatchMeans.means(new double[] {9, 2, 3, 4, 5}, 2), 0);
    }
}
