package io.jmsbench.workload;

import org.roaringbitmap.RoaringBitmap;

import java.util.Arrays;

/**
 * Which sequence numbers of one publisher's stream some subscribers take together, known before the
 * run because jmsbench made the messages: message {@code s} is entry {@code (first + s) mod n} of the
 * publisher's round robin of {@code n} prepared messages ({@link SizeTable#start} gives
 * {@code first}), and {@code taken[i]} says whether a selector of theirs matches entry {@code i}.
 */
public record TakenSequences(boolean[] taken, int first) {

    /** Every message of the stream. */
    public static final TakenSequences ALL = new TakenSequences(new boolean[] {true}, 0);

    public TakenSequences {
        taken = taken.clone();
        if (taken.length == 0 || first < 0 || first >= taken.length) {
            throw new IllegalArgumentException("expected a round robin of at least one entry and a start inside it, found "
                    + taken.length + " entries and start " + first);
        }
    }

    /** Whether they take every message. */
    public boolean all() {
        for (boolean t : taken) {
            if (!t) {
                return false;
            }
        }
        return true;
    }

    public boolean takes(long sequence) {
        return taken[(int) ((first + sequence) % taken.length)];
    }

    /** The sequence numbers they take of the first {@code sent} (at most 2^32 of them). */
    public RoaringBitmap of(long sent) {
        RoaringBitmap bitmap = new RoaringBitmap();
        long end = Math.min(sent, 1L << 32);
        if (all()) {
            bitmap.add(0L, end);
            return bitmap;
        }
        for (long s = 0; s < end; s++) {
            if (takes(s)) {
                bitmap.add((int) s);
            }
        }
        bitmap.runOptimize();
        return bitmap;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TakenSequences t && first == t.first && Arrays.equals(taken, t.taken);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(taken) + first;
    }

    @Override
    public String toString() {
        return "TakenSequences" + Arrays.toString(taken) + " from " + first;
    }
}
