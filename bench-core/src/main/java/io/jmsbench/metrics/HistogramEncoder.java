package io.jmsbench.metrics;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.Deflater;

/**
 * {@link Histograms#encode}, into a buffer kept from one call to the next and compressed at zlib's
 * fastest level: an agent answers with a histogram every second, and a new buffer of the counts'
 * size (about 100 KB for latencies from 50 µs to 5 ms) was most of what that answer allocated, the
 * default compression most of its time ({@code LatencyIntervalBenchmark}). {@link Histograms#decode}
 * reads it back to the same histogram. One caller at a time.
 */
public final class HistogramEncoder {

    private ByteBuffer buffer = ByteBuffer.allocate(0);

    public String encode(Histogram histogram) {
        int needed = histogram.getNeededByteBufferCapacity();
        if (buffer.capacity() < needed) {
            buffer = ByteBuffer.allocate(needed);
        }
        buffer.clear();
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_SPEED);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }
}
