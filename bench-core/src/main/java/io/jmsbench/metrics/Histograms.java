package io.jmsbench.metrics;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;

/** Latency histograms as they travel: HdrHistogram's compressed encoding in Base64. */
public final class Histograms {

    /** Three significant digits: 0.1% resolution at any latency. */
    public static final int DIGITS = 3;

    private Histograms() {
    }

    /** An empty histogram of nanoseconds that grows to whatever range it meets. */
    public static Histogram empty() {
        Histogram h = new Histogram(DIGITS);
        h.setAutoResize(true);
        return h;
    }

    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    public static Histogram decode(String encoded) {
        try {
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
            h.setAutoResize(true);
            return h;
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
        }
    }
}
