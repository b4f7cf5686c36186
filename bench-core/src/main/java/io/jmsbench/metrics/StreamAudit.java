package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one subscriber saw of one publisher's stream of sequence numbers (0, 1, 2, ...): how many
 * arrived, duplicates, arrivals behind a later one, redelivered ones, and the gaps still open.
 * In-order streams cost a few comparisons and no memory; gaps are kept as ranges, so a late
 * message closes its gap and a second copy of anything already seen counts as a duplicate, unless
 * the broker flagged it redelivered.
 * Only the subscriber's delivery thread writes it.
 */
public final class StreamAudit implements ReceivedStream {

    /** Beyond this many open gaps the audit stops telling duplicates from late messages. */
    static final int MAX_GAPS = 100_000;

    private long received;
    private long highest = -1;
    private long outOfOrder;
    private long redelivered;
    private final SecondCopies secondCopies = new SecondCopies();
    private boolean overflow;
    /** Open gaps: first missing sequence number to last missing one, inclusive. */
    private final TreeMap<Long, Long> gaps = new TreeMap<>();
    private long missing;
    /*
     * The first open gaps (and, in SecondCopies, the first duplicates), in arrays of a fixed size:
     * a reader copies them while this stream may be recording (StreamAudits keeps the copy only if
     * no record happened meanwhile), which a list or the gap map, resized or rebalanced under it,
     * would not survive.
     */
    private final long[] gapFirst = new long[StreamState.EXAMPLES];
    private final long[] gapLast = new long[StreamState.EXAMPLES];
    private int gapCount;

    public void record(long seq, boolean redelivery) {
        record(seq, redelivery, false);
    }

    /** {@code resend}: the publisher made this send again after one that failed (in doubt). */
    @Override
    public void record(long seq, boolean redelivery, boolean resend) {
        received++;
        if (redelivery) {
            redelivered++;
        }
        if (seq == highest + 1) {
            highest = seq;
            return;
        }
        if (seq > highest) {
            if (gaps.size() < MAX_GAPS) {
                gaps.put(highest + 1, seq - 1);
                missing += seq - 1 - highest;
                if (gapCount < StreamState.EXAMPLES) { // the highest gap: the first ones are those before it
                    gapFirst[gapCount] = highest + 1;
                    gapLast[gapCount] = seq - 1;
                    gapCount++;
                }
            } else {
                overflow = true;
            }
            highest = seq;
            return;
        }
        // Below the first open gap or above the last: a second copy, told without floorEntry, which
        // boxes the key (a broker that redelivers sends them by the thousand, and they must not allocate)
        if (gaps.isEmpty() || seq < gaps.firstKey() || seq > gaps.get(gaps.lastKey())) {
            secondCopies.record(seq, redelivery, resend);
            return;
        }
        Map.Entry<Long, Long> gap = gaps.floorEntry(seq);
        if (gap.getValue() < seq) {
            secondCopies.record(seq, redelivery, resend);
            return;
        }
        outOfOrder++;
        missing--;
        long start = gap.getKey();
        long end = gap.getValue();
        gaps.remove(start);
        if (start < seq) {
            gaps.put(start, seq - 1);
        }
        if (seq < end) {
            gaps.put(seq + 1, end);
        }
        if (gapCount < StreamState.EXAMPLES || start <= gapFirst[StreamState.EXAMPLES - 1]) {
            firstGapsAgain();
        }
    }

    /** After a gap among the first ones shrank, split or closed: out of order, so rarer than in order. */
    private void firstGapsAgain() {
        int n = 0;
        for (Map.Entry<Long, Long> gap : gaps.entrySet()) {
            if (n == StreamState.EXAMPLES) {
                break;
            }
            gapFirst[n] = gap.getKey();
            gapLast[n] = gap.getValue();
            n++;
        }
        gapCount = n;
    }

    /** The stream so far, as {@code GET /audit} carries it. */
    @Override
    public StreamState state(String publisher) {
        // counts bounded again: a copy taken while a record is under way may be torn (and is then discarded)
        List<SeqRange> firstGaps = new ArrayList<>();
        for (int i = 0; i < Math.min(gapCount, StreamState.EXAMPLES); i++) {
            firstGaps.add(new SeqRange(gapFirst[i], gapLast[i]));
        }
        return new StreamState(publisher, received, highest, missing, secondCopies.duplicates(), outOfOrder,
                redelivered, overflow, secondCopies.copies(), secondCopies.resent(), secondCopies.firstDuplicates(),
                firstGaps);
    }
}
