package io.jmsbench.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MSER-5 and the transient built on it, on synthetic series whose knee is known. */
@Timeout(10)
class MserTest {

    /** A linear climb from 30% to the plateau of 10,000 over {@code knee} seconds, then the plateau, with noise. */
    private static double[] rampThenPlateau(int knee, int seconds, double noise, long seed) {
        Random random = new Random(seed);
        double[] x = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            double level = i < knee ? 3_000 + 7_000.0 * i / knee : 10_000;
            x[i] = level + random.nextGaussian() * noise;
        }
        return x;
    }

    /**
     * A 120 s series that climbs for {@code knee} seconds in 3% noise: in at least 90 of 100 seeded
     * series MSER-5 settles and cuts within 2 s of the knee, and it never cuts more than a batch short
     * of it. (Batches are 5 s: a knee between batch edges is cut at an edge.)
     */
    @Test
    void truncationLandsWithinTwoSecondsOfTheKnee() {
        for (int knee : new int[] {10, 20, 30}) {
            int near = 0;
            for (long seed = 1; seed <= 100; seed++) {
                Mser mser = Mser.of(rampThenPlateau(knee, 120, 300, seed));
                if (mser.settled() && Math.abs(mser.truncation() - knee) <= 2) {
                    near++;
                }
                assertTrue(mser.truncation() >= knee - Mser.BATCH, "knee " + knee + " seed " + seed + ": " + mser);
            }
            assertTrue(near >= 90, "knee " + knee + ": within 2 s in " + near + " of 100");
        }
    }

    @Test
    void aKneeBetweenBatchesIsCutAtTheNearerBatchEdgeOrAfter() {
        int atEdge = 0;
        for (long seed = 1; seed <= 100; seed++) {
            Mser mser = Mser.of(rampThenPlateau(22, 90, 300, seed));
            if (mser.truncation() == 20 || mser.truncation() == 25) {
                atEdge++;
            }
        }
        assertTrue(atEdge >= 90, "cut at 20 or 25 s in " + atEdge + " of 100");
    }

    @Test
    void aSeriesStillClimbingIsNotSettled() {
        Mser mser = Mser.of(rampThenPlateau(60, 40, 100, 1));
        assertFalse(mser.settled(), mser.toString());
        assertFalse(Transient.of(rampThenPlateau(60, 40, 100, 1)).over());
    }

    @Test
    void tooShortASeriesOffersNoTruncation() {
        Mser mser = Mser.of(new double[14]);
        assertEquals(-1, mser.truncation());
        assertFalse(mser.settled());
    }

    @Test
    void flatNoiseIsOverAsSoonAsThereIsEnoughOfIt() {
        int over = 0;
        for (long seed = 1; seed <= 100; seed++) {
            Random random = new Random(seed);
            double[] x = new double[15];
            for (int i = 0; i < x.length; i++) {
                x[i] = 10_000 + random.nextGaussian() * 500;
            }
            Transient t = Transient.of(x);
            if (t.over()) {
                over++;
                assertEquals(0, t.truncation(), "seed " + seed);
            }
        }
        // d = 0 against d = 1 of 3 batches: MSER keeps all when the first batch is not an outlier
        assertTrue(over >= 50, "over after 15 s in " + over + " of 100");
    }

    @Test
    void theTransientOfSeveralSeriesIsTheLatestOfTheirs() {
        double[] early = rampThenPlateau(10, 60, 200, 3);
        double[] late = rampThenPlateau(20, 60, 200, 4);
        Transient t = Transient.of(early, late);
        assertTrue(t.over(), t.toString());
        assertEquals(20, t.truncation());
    }

    @Test
    void aStepInTheTailIsNotStationary() {
        double[] x = new double[40];
        for (int i = 0; i < x.length; i++) {
            x[i] = i < 30 ? 10_000 + (i % 2) * 10 : 8_000 + (i % 2) * 10;
        }
        assertFalse(Transient.stationary(java.util.Arrays.copyOfRange(x, 10, 40)));
        assertTrue(Transient.stationary(java.util.Arrays.copyOfRange(x, 0, 30)));
    }
}
