package io.jmsbench.scenario;

import io.jmsbench.protocol.Json;
import io.jmsbench.scenario.Distribution.Weighted.Choice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each distribution's table against the distribution itself, over the table the product draws
 * ({@link Defaults#SIZE_TABLE_LENGTH} values with {@link Defaults#SIZE_SEED}). The table takes one
 * value from each thousandth of the distribution, so its percentiles are within a thousandth of
 * the distribution's: the tolerances are 1% for a uniform's mean and percentiles, 2 per mille for
 * a weighted share, 2% for a log-normal's median, 8% for its p99 (where one thousandth of the
 * distribution spans 6% of the values) and 10% for its mean (which the one value drawn from the
 * top thousandth moves by several percent).
 */
@Timeout(30)
class DistributionTest {

    private static final int N = Defaults.SIZE_TABLE_LENGTH;
    private static final long SEED = Defaults.SIZE_SEED;

    @Test
    void aUniformTableSpreadsOverTheRangeWithTheRangesMean() {
        Distribution d = new Distribution.Uniform(100, 10_000);

        long[] t = d.table(N, SEED);

        assertTrue(Arrays.stream(t).allMatch(v -> v >= 100 && v <= 10_000), "every value in range");
        assertWithin(5050, mean(t), 0.01, "mean");
        assertWithin(5050, percentile(t, 0.50), 0.01, "median");
        assertWithin(100 + 0.9 * 9900, percentile(t, 0.90), 0.01, "p90");
    }

    @Test
    void aUniformRangeIncludesBothEnds() {
        long[] t = new Distribution.Uniform(1, 3).table(N, SEED);

        assertEquals(List.of(1L, 2L, 3L), Arrays.stream(t).distinct().sorted().boxed().toList());
    }

    @Test
    void aWeightedTableGivesEachSizeItsShare() {
        Distribution d = new Distribution.Weighted(List.of(new Choice(200, 80), new Choice(64_000, 20)));

        long[] t = d.table(N, SEED);

        double small = Arrays.stream(t).filter(v -> v == 200).count() / (double) N;
        assertEquals(0.80, small, 0.002, "share of 200");
        assertEquals(N, Arrays.stream(t).filter(v -> v == 200 || v == 64_000).count(), "no other size");
        assertWithin(0.8 * 200 + 0.2 * 64_000, mean(t), 0.01, "mean");
        assertEquals(12_960, d.mean(), 1e-9);
    }

    @Test
    void weightsNeedNotAddUpToAHundred() {
        Distribution d = new Distribution.Weighted(List.of(new Choice(1, 1), new Choice(2, 3)));

        long[] t = d.table(N, SEED);

        assertEquals(0.75, Arrays.stream(t).filter(v -> v == 2).count() / (double) N, 0.002);
    }

    @Test
    void aLogNormalTableHasItsMedianAndItsLongTail() {
        Distribution.LogNormal d = new Distribution.LogNormal(1000, 50_000, 1, Defaults.MAX_MESSAGE_SIZE);

        long[] t = d.table(N, SEED);

        assertWithin(1000, percentile(t, 0.50), 0.02, "median");
        assertWithin(50_000, percentile(t, 0.99), 0.08, "p99");
        assertWithin(d.mean(), mean(t), 0.10, "mean");
        assertTrue(Arrays.stream(t).allMatch(v -> v >= 1), "no size below 1 byte");
    }

    @Test
    void theStandardNormalsQuantilesAreTheTablesOnes() {
        assertEquals(0, StandardNormal.quantile(0.5), 1e-9);
        assertEquals(Distribution.Z99, StandardNormal.quantile(0.99), 1e-7);
        assertEquals(-1.2815515655446004, StandardNormal.quantile(0.10), 1e-7);
    }

    @Test
    void theTableIsShuffledNotSorted() {
        long[] t = new Distribution.Uniform(1, 1_000_000).table(N, SEED);

        long[] sorted = t.clone();
        Arrays.sort(sorted);
        assertFalse(Arrays.equals(sorted, t), "sent in a random order, not smallest first");
    }

    @Test
    void aLogNormalIsClampedToItsBounds() {
        long[] t = new Distribution.LogNormal(10, 10_000, 5, 2000).table(N, SEED);

        assertTrue(Arrays.stream(t).allMatch(v -> v >= 5 && v <= 2000), "clamped");
        assertTrue(Arrays.stream(t).anyMatch(v -> v == 2000), "the tail reaches the ceiling");
    }

    @Test
    void theSameSeedDrawsTheSameTableAndAnotherSeedAnother() {
        Distribution d = new Distribution.Uniform(100, 10_000);

        assertArrayEquals(d.table(N, SEED), d.table(N, SEED));
        assertFalse(Arrays.equals(d.table(N, SEED), d.table(N, SEED + 1)));
    }

    @Test
    void aDistributionTravelsInReportJsonByItsKindsName() throws Exception {
        Distribution d = new Distribution.Weighted(List.of(new Choice(200, 80), new Choice(64_000, 20)));

        String json = Json.MAPPER.writeValueAsString(d);

        assertTrue(json.startsWith("{\"weighted\":"), json);
        assertEquals(d, Json.MAPPER.readValue(json, Distribution.class));
    }

    private static double mean(long[] t) {
        return Arrays.stream(t).average().orElseThrow();
    }

    private static double percentile(long[] t, double q) {
        long[] sorted = t.clone();
        Arrays.sort(sorted);
        return sorted[(int) Math.ceil(q * sorted.length) - 1];
    }

    private static void assertWithin(double expected, double actual, double fraction, String what) {
        assertTrue(Math.abs(actual - expected) <= fraction * expected,
                what + ": expected " + expected + " within " + fraction * 100 + "%, found " + actual);
    }
}
