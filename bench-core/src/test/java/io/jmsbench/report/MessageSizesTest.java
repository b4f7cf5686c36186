package io.jmsbench.report;

import io.jmsbench.report.MessageSizes.SizeHistogram;
import io.jmsbench.report.MessageSizes.SizeHistogram.Bucket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Timeout(10)
class MessageSizesTest {

    @Test
    void oneSizeGivesBytesPerSecondAndNoHistogram() {
        MessageSizes s = MessageSizes.fixed(1024, 1000, 2000);

        assertEquals(1_024_000, s.receivedBytesPerSecond());
        assertEquals(2_048_000, s.dispatchedBytesPerSecond());
        assertNull(s.histogram());
    }

    @Test
    void theHistogramCountsTheMessagesSentOfEachSize() {
        int[] table = {200, 64_000, 200, 200, 1};
        long[] sent = {10, 5, 10, 10, 2};

        MessageSizes s = MessageSizes.varying(table, sent, 35, Double.NaN, 100, 50);

        SizeHistogram h = s.histogram();
        assertEquals(37, h.messages());
        assertEquals(List.of(new Bucket(1, 2), new Bucket(256, 30), new Bucket(65_536, 5)), h.buckets());
        double mean = (2 * 1 + 30 * 200 + 5 * 64_000) / 37.0;
        assertEquals(mean, h.mean(), 1e-9);
        assertEquals(100 * mean, s.receivedBytesPerSecond(), 1e-6);
        assertEquals(50 * mean, s.dispatchedBytesPerSecond(), 1e-6);
        assertEquals(200, h.p50());
        assertEquals(64_000, h.p90());
        assertEquals(1, h.min());
        assertEquals(64_000, h.max());
        assertEquals(5, h.tableLength());
    }

    @Test
    void theWindowsMeanSizeMakesItsBytesPerSecondWhenKnown() {
        MessageSizes s = MessageSizes.varying(new int[] {100, 300}, new long[] {1, 1}, 35, 250, 10, 4);

        assertEquals(250, s.meanSize());
        assertEquals(2500, s.receivedBytesPerSecond());
        assertEquals(1000, s.dispatchedBytesPerSecond());
        assertEquals(200, s.histogram().mean(), "the histogram's mean is the whole run's");
    }

    @Test
    void withNothingSentTheHistogramIsTheTables() {
        MessageSizes s = MessageSizes.varying(new int[] {10, 30}, new long[2], 35, Double.NaN, 0, 0);

        assertEquals(0, s.histogram().messages());
        assertEquals(20, s.meanSize());
        assertEquals(List.of(new Bucket(16, 1), new Bucket(32, 1)), s.histogram().buckets());
    }

    @Test
    void bucketsArePowersOfTwoAtOrAboveTheSize() {
        assertEquals(1, SizeHistogram.upTo(1));
        assertEquals(256, SizeHistogram.upTo(256));
        assertEquals(512, SizeHistogram.upTo(257));
    }
}
