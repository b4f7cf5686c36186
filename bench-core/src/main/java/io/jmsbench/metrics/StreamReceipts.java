package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.Receipts;
import io.jmsbench.protocol.ClientAudit.StreamState;
import org.roaringbitmap.RoaringBitmap;

import java.util.Arrays;
import java.util.List;

/**
 * What one subscriber received of one publisher's stream, when it is one of several that share the
 * stream (competing consumers of a queue) or takes only the part its selector matches: the sequence
 * numbers themselves, in a compressed bitmap, so that the controller can join every consumer's
 * receipts and find what none received, or more than one did ({@link ReceiptUnion}). A stream
 * audited alone keeps ranges of gaps instead ({@link StreamAudit}); here the gaps are the other
 * consumers' messages, one every few sequence numbers, which a range list cannot hold but a bitmap
 * packs into 8 KB per 65,536 sequence numbers at worst.
 *
 * <p>Here it tells a second copy (a duplicate, a redelivery or a send made again, as
 * {@link StreamAudit} does), and an arrival below the highest sequence number already seen that
 * was not flagged redelivered (out of order: JMS keeps one producer's order to each consumer).
 * Sequence numbers beyond 2^32 - 1 (twelve hours of 100,000 msgs/s from one publisher) are counted
 * but not recorded, and flag the stream {@code overflow}. Only the subscriber's delivery thread writes it.
 *
 * <p>Unlike {@link StreamAudit}'s counts, a copy of the bitmaps takes milliseconds at tens of millions
 * of messages, longer than the gap between two messages of a busy stream, so the sequence lock of
 * {@link StreamAudits} alone would retry it in vain while a backlog drains: there the writer takes
 * the copy itself when a reader asks, between two records. Recording takes no lock.
 */
public final class StreamReceipts implements ReceivedStream {

    /** The highest sequence number a bitmap of unsigned ints holds. */
    static final long MAX_SEQUENCE = 0xFFFF_FFFFL;

    private final RoaringBitmap seen = new RoaringBitmap();
    private final RoaringBitmap flagged = new RoaringBitmap();
    private final RoaringBitmap resends = new RoaringBitmap();
    private long received;
    private long highest = -1;
    private long outOfOrder;
    private long redelivered;
    private final SecondCopies secondCopies = new SecondCopies();
    private boolean overflow;
    /** By group index (sequence number modulo the groups): first and last arrival not redelivered; -1: none. */
    private final long[] groupFirst;
    private final long[] groupLast;

    /** {@code groups}: how many message groups the publishers spread their messages over (0: none). */
    public StreamReceipts(int groups) {
        groupFirst = new long[groups];
        groupLast = new long[groups];
        Arrays.fill(groupFirst, -1);
        Arrays.fill(groupLast, -1);
    }

    @Override
    public void record(long seq, boolean redelivery, boolean resend) {
        received++;
        if (redelivery) {
            redelivered++;
        }
        if (seq > MAX_SEQUENCE) {
            overflow = true;
            return;
        }
        int x = (int) seq;
        if (!seen.checkedAdd(x)) {
            secondCopies.record(seq, redelivery, resend);
            return;
        }
        if (redelivery) {
            flagged.add(x);
        } else if (resend) {
            resends.add(x);
        }
        if (seq < highest) {
            if (!redelivery) {
                outOfOrder++;
            }
        } else {
            highest = seq;
        }
        if (groupFirst.length > 0 && !redelivery) {
            int g = (int) (seq % groupFirst.length);
            if (groupFirst[g] < 0) {
                groupFirst[g] = seq;
            }
            groupLast[g] = Math.max(groupLast[g], seq);
        }
    }

    @Override
    public StreamState state(String publisher) {
        Receipts receipts = new Receipts(Bitmaps.bytes(seen), Bitmaps.bytes(flagged), Bitmaps.bytes(resends),
                Arrays.stream(groupFirst).boxed().toList(), Arrays.stream(groupLast).boxed().toList());
        return new StreamState(publisher, received, highest, 0, secondCopies.duplicates(), outOfOrder, redelivered,
                overflow, secondCopies.copies(), secondCopies.resent(), secondCopies.firstDuplicates(), List.of(), receipts);
    }
}
