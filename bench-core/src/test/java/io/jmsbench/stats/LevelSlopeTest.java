package io.jmsbench.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LevelSlopeTest {

    private static double[] seconds(int n) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = i + 1;
        }
        return t;
    }

    @Test
    void aStraightRiseIsItsSlopeWithNoScatter() {
        double[] t = seconds(30);
        double[] level = new double[30];
        for (int i = 0; i < 30; i++) {
            level[i] = 500 + 2_000 * t[i];
        }
        LevelSlope slope = LevelSlope.of(t, level);
        assertEquals(2_000, slope.slope(), 1e-6);
        assertEquals(0, slope.halfWidth(), 1e-6);
        assertEquals(5, slope.batches());
        assertEquals(6, slope.batchSize());
    }

    @Test
    void aBoundedLevelNarrowsAsTheWindowGrows() {
        // a backlog scattered by ±3,000 messages about a constant: no slope, and a longer window knows it better
        Random random = new Random(11);
        double[] level = new double[120];
        for (int i = 0; i < level.length; i++) {
            level[i] = 10_000 + 3_000 * random.nextGaussian();
        }
        LevelSlope short30 = LevelSlope.of(seconds(30), Arrays.copyOf(level, 30));
        LevelSlope long120 = LevelSlope.of(seconds(120), level);
        assertTrue(Math.abs(short30.slope()) <= short30.halfWidth(), "0 inside " + short30);
        assertTrue(Math.abs(long120.slope()) <= long120.halfWidth(), "0 inside " + long120);
        assertTrue(long120.halfWidth() < short30.halfWidth() / 4, short30 + " then " + long120);
    }

    @Test
    void aSteadyRiseUnderScatterIsTold() {
        Random random = new Random(5);
        double[] level = new double[30];
        for (int i = 0; i < level.length; i++) {
            level[i] = 1_000 * (i + 1) + 3_000 * random.nextGaussian();
        }
        LevelSlope slope = LevelSlope.of(seconds(30), level);
        assertTrue(slope.slope() - slope.halfWidth() > 0, "a rise told apart from nought: " + slope);
        assertTrue(Math.abs(slope.slope() - 1_000) <= slope.halfWidth(), "1,000 inside " + slope);
    }

    @Test
    void fewerSecondsThanBatchesHaveNoSlope() {
        assertSame(LevelSlope.NONE, LevelSlope.of(seconds(4), new double[] {1, 2, 3, 4}));
        assertTrue(Double.isNaN(LevelSlope.NONE.halfWidth()));
    }
}
