package io.jmsbench.history.trend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E-divisive means on series whose changes are known: found where they are, none in noise alone, the same every time. */
@Timeout(30)
class EDivisiveTest {

    /** {@code n} values around {@code level}, ±3% noise from a fixed seed. */
    private static double[] noisy(int n, double level, long seed) {
        Random r = new Random(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level * (1 + 0.03 * r.nextGaussian());
        }
        return v;
    }

    private static double[] concat(double[]... parts) {
        int n = 0;
        for (double[] p : parts) {
            n += p.length;
        }
        double[] out = new double[n];
        int at = 0;
        for (double[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    @Test
    void aTenPercentFallIsFoundAtTheRunItStarted() {
        List<EDivisive.Split> splits = EDivisive.find(concat(noisy(12, 100_000, 1), noisy(8, 90_000, 2)));
        assertEquals(1, splits.size(), splits.toString());
        assertEquals(12, splits.get(0).index());
        assertTrue(splits.get(0).pValue() <= EDivisive.ALPHA, splits.toString());
    }

    @Test
    void aFallAndARecoveryAreTwoChangePoints() {
        List<EDivisive.Split> splits = EDivisive.find(concat(noisy(8, 100_000, 3), noisy(8, 80_000, 4),
                noisy(8, 100_000, 5)));
        assertEquals(List.of(8, 16), splits.stream().map(EDivisive.Split::index).toList(), splits.toString());
    }

    @Test
    void noiseAloneHasNoChangePoint() {
        for (long seed = 10; seed < 15; seed++) {
            assertEquals(List.of(), EDivisive.find(noisy(24, 100_000, seed)), "seed " + seed);
        }
    }

    @Test
    void theSameSeriesGivesTheSameAnswerEveryTime() {
        double[] series = concat(noisy(7, 100, 6), noisy(7, 95, 7));
        assertEquals(EDivisive.find(series), EDivisive.find(series));
    }

    @Test
    void aSeriesTooShortToSplitHasNone() {
        assertEquals(List.of(), EDivisive.find(new double[] {1, 1, 1, 9, 9}));
        assertEquals(List.of(), EDivisive.find(new double[0]));
    }

    /** The table of cumulative sums scores every split as the definition does. */
    @Test
    void theScoreIsTheDefinitions() {
        double[] v = noisy(11, 50, 8);
        double[] best = EDivisive.best(v, 0, v.length, 3);
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int tau = 3; tau <= v.length - 3; tau++) {
            for (int kappa = tau + 3; kappa <= v.length; kappa++) {
                double n1 = tau;
                double n2 = kappa - tau;
                double between = 0;
                double w1 = 0;
                double w2 = 0;
                for (int i = 0; i < kappa; i++) {
                    for (int j = i + 1; j < kappa; j++) {
                        double d = Math.abs(v[i] - v[j]);
                        if (j < tau) {
                            w1 += d;
                        } else if (i >= tau) {
                            w2 += d;
                        } else {
                            between += d;
                        }
                    }
                }
                double q = n1 * n2 / (n1 + n2) * (2 * between / (n1 * n2) - w1 / (n1 * (n1 - 1) / 2)
                        - w2 / (n2 * (n2 - 1) / 2));
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                }
            }
        }
        assertEquals(bestTau, (int) best[0]);
        assertEquals(bestQ, best[2], 1e-9 * Math.abs(bestQ));
    }
}
