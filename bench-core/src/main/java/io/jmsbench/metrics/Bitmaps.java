package io.jmsbench.metrics;

import org.roaringbitmap.RoaringBitmap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/** RoaringBitmaps to and from their portable serialization, the form {@code GET /audit} carries. */
public final class Bitmaps {

    private Bitmaps() {
    }

    /**
     * {@code bitmap} serialized with runs where they are shorter (a consumer given messages in batches,
     * as a broker's prefetch does, holds long runs); {@code bitmap} itself is not changed, so that a
     * reader may call this while its writer records.
     */
    public static byte[] bytes(RoaringBitmap bitmap) {
        RoaringBitmap copy = bitmap.clone();
        copy.runOptimize();
        ByteBuffer buffer = ByteBuffer.allocate(copy.serializedSizeInBytes());
        copy.serialize(buffer);
        return buffer.array();
    }

    /** The bitmap {@code bytes} hold; an empty one for {@code null}. */
    public static RoaringBitmap of(byte[] bytes) {
        RoaringBitmap bitmap = new RoaringBitmap();
        if (bytes == null || bytes.length == 0) {
            return bitmap;
        }
        try {
            bitmap.deserialize(ByteBuffer.wrap(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException("not a RoaringBitmap: " + e.getMessage(), e);
        }
        return bitmap;
    }
}
