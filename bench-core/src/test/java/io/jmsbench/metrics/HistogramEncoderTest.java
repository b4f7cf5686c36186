package io.jmsbench.metrics;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HistogramEncoderTest {

    private static Histogram of(long... values) {
        Histogram h = Histograms.empty();
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void decodesToTheHistogramItEncodedWhateverTheBufferHeldBefore() {
        HistogramEncoder encoder = new HistogramEncoder();
        Histogram[] inTurn = {of(1_000, 2_000), of(5, 90_000_000_000L, 3), of(), of(42), of(7_000_000, 7_000_001)};
        for (Histogram h : inTurn) {
            Histogram back = Histograms.decode(encoder.encode(h));
            assertEquals(h, back, "a wide histogram, then narrower ones, in one buffer");
            assertEquals(h.getTotalCount(), back.getTotalCount());
            assertEquals(Histograms.decode(Histograms.encode(h)), back, "as Histograms.encode's text decodes");
        }
    }

    @Test
    void aReusedMergeHistogramDecodesToTheSameCountsAsAFreshOne() {
        HistogramEncoder encoder = new HistogramEncoder();
        Histogram reused = Histograms.empty();
        reused.add(of(90_000_000_000L)); // grown by an earlier second
        reused.reset();
        Histogram second = of(50_000, 51_000, 4_900_000);

        reused.add(second);
        Histogram fresh = Histograms.empty();
        fresh.add(second);

        Histogram decoded = Histograms.decode(encoder.encode(reused));
        assertEquals(fresh.getTotalCount(), decoded.getTotalCount());
        assertEquals(fresh.getMaxValue(), decoded.getMaxValue());
        assertEquals(fresh.getValueAtPercentile(50), decoded.getValueAtPercentile(50));
        assertEquals(Histograms.decode(Histograms.encode(fresh)), decoded, "equal counts, whatever range each can hold");
    }
}
