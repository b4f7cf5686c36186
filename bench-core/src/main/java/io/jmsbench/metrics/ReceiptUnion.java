package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.Receipts;
import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One publisher's stream as the consumers that share it received it, together (Jepsen's total-queue
 * checker: every message sent is received exactly once, by some consumer): what none received is
 * lost; a message more than one received is a duplicate across consumers, unless all but one of its
 * copies came flagged redelivered (a delivery not acknowledged, given to another consumer, as JMS
 * allows) or as a send made again after one that failed (in doubt: {@code resent}). The copies a
 * consumer received twice itself were told apart where it received them ({@link StreamReceipts}).
 *
 * <p>With message groups, a group's messages must go to one consumer at a time: a consumer that
 * received a message of a group between the first and the last one another consumer received of it
 * broke the group's order ({@code groupDisorder} counts such messages).
 */
public final class ReceiptUnion {

    private ReceiptUnion() {
    }

    /** One consumer's receipts of the stream ({@link StreamState#receipts()} set). */
    public record Share(String subscriber, StreamState state) {
    }

    /**
     * What the shares together did with the stream: {@code lost} of the messages they should take,
     * {@code duplicates} and {@code resent} copies across consumers, {@code groupDisorder} messages
     * received out of their group's turn, and the first ranges lost and duplicates, by sequence number.
     */
    public record Outcome(long lost, long duplicates, long resent, long groupDisorder, List<SeqRange> lostRanges,
                          List<Long> duplicateSeqs) {
    }

    /** The stream's {@code shares} against {@code expected}, the sequence numbers they should take together. */
    public static Outcome of(List<Share> shares, RoaringBitmap expected) {
        RoaringBitmap union = new RoaringBitmap();
        RoaringBitmap plainUnion = new RoaringBitmap();
        RoaringBitmap plainTwice = new RoaringBitmap();
        RoaringBitmap held = new RoaringBitmap(); // by more than one consumer
        RoaringBitmap resends = new RoaringBitmap();
        long seenSum = 0;
        long plainSum = 0;
        List<RoaringBitmap> plains = new ArrayList<>();
        for (Share share : shares) {
            Receipts r = share.state().receipts();
            RoaringBitmap seen = Bitmaps.of(r.seen());
            RoaringBitmap resent = Bitmaps.of(r.resends());
            // the copies that arrived as originals: neither flagged redelivered nor a send made again
            RoaringBitmap plain = RoaringBitmap.andNot(seen, RoaringBitmap.or(Bitmaps.of(r.flagged()), resent));
            held.or(RoaringBitmap.and(union, seen));
            union.or(seen);
            plainTwice.or(RoaringBitmap.and(plainUnion, plain));
            plainUnion.or(plain);
            resends.or(resent);
            seenSum += seen.getLongCardinality();
            plainSum += plain.getLongCardinality();
            plains.add(plain);
        }
        // of a message with u original copies and f flagged ones, u + f - 1 copies are extra, max(0, u - 1)
        // of them duplicates, the rest flagged: redelivered (counted where they arrived) or resent
        long extra = seenSum - union.getLongCardinality();
        long duplicates = plainSum - plainUnion.getLongCardinality();
        long resent = Math.min(extra - duplicates, RoaringBitmap.andCardinality(resends, held));
        RoaringBitmap lost = RoaringBitmap.andNot(expected, union);
        return new Outcome(lost.getLongCardinality(), duplicates, resent, groupDisorder(shares, plains),
                firstRanges(lost), first(plainTwice));
    }

    /**
     * Messages a consumer received of a group while another consumer held the group: for each group,
     * the consumers by their first message of it; one whose first comes before the last of an earlier
     * one counts its messages of the group up to that last.
     */
    private static long groupDisorder(List<Share> shares, List<RoaringBitmap> plains) {
        int groups = shares.isEmpty() ? 0 : shares.get(0).state().receipts().groupFirst().size();
        long disorder = 0;
        for (int g = 0; g < groups; g++) {
            int group = g;
            List<Integer> holders = new ArrayList<>();
            for (int i = 0; i < shares.size(); i++) {
                if (first(shares, i, group) >= 0) {
                    holders.add(i);
                }
            }
            holders.sort(Comparator.comparingLong(i -> first(shares, i, group)));
            long lastSoFar = -1;
            for (int i : holders) {
                long from = first(shares, i, group);
                long to = Math.min(lastSoFar, shares.get(i).state().receipts().groupLast().get(group));
                for (long s = from; s <= to; s += groups) {
                    if (plains.get(i).contains((int) s)) {
                        disorder++;
                    }
                }
                lastSoFar = Math.max(lastSoFar, shares.get(i).state().receipts().groupLast().get(group));
            }
        }
        return disorder;
    }

    private static long first(List<Share> shares, int i, int group) {
        List<Long> firsts = shares.get(i).state().receipts().groupFirst();
        return group < firsts.size() ? firsts.get(group) : -1;
    }

    /** The first {@link StreamState#EXAMPLES} runs of consecutive sequence numbers in {@code bitmap}. */
    static List<SeqRange> firstRanges(RoaringBitmap bitmap) {
        List<SeqRange> ranges = new ArrayList<>();
        IntIterator it = bitmap.getIntIterator();
        long start = -1;
        long last = -1;
        while (it.hasNext()) {
            long s = Integer.toUnsignedLong(it.next());
            if (s != last + 1 || start < 0) {
                if (start >= 0) {
                    ranges.add(new SeqRange(start, last));
                    if (ranges.size() == StreamState.EXAMPLES) {
                        return ranges;
                    }
                }
                start = s;
            }
            last = s;
        }
        if (start >= 0) {
            ranges.add(new SeqRange(start, last));
        }
        return ranges;
    }

    private static List<Long> first(RoaringBitmap bitmap) {
        List<Long> seqs = new ArrayList<>();
        IntIterator it = bitmap.getIntIterator();
        while (it.hasNext() && seqs.size() < StreamState.EXAMPLES) {
            seqs.add(Integer.toUnsignedLong(it.next()));
        }
        return seqs;
    }
}
