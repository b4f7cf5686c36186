package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.StreamState;

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
public final class StreamAudit {

    /** Beyond this many open gaps the audit stops telling duplicates from late messages. */
    static final int MAX_GAPS = 100_000;

    private long received;
    private long highest = -1;
    private long duplicates;
    private long outOfOrder;
    private long redelivered;
    private long copies;
    private long resent;
    private boolean overflow;
    /** Open gaps: first missing sequence number to last missing one, inclusive. */
    private final TreeMap<Long, Long> gaps = new TreeMap<>();
    private long missing;

    public void record(long seq, boolean redelivery) {
        record(seq, redelivery, false);
    }

    /** {@code resend}: the publisher made this send again after one that failed (in doubt). */
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
            } else {
                overflow = true;
            }
            highest = seq;
            return;
        }
        // Below the first open gap or above the last: a second copy, told without floorEntry, which
        // boxes the key (a broker that redelivers sends them by the thousand, and they must not allocate)
        if (gaps.isEmpty() || seq < gaps.firstKey() || seq > gaps.get(gaps.lastKey())) {
            secondCopy(redelivery, resend);
            return;
        }
        Map.Entry<Long, Long> gap = gaps.floorEntry(seq);
        if (gap.getValue() < seq) {
            secondCopy(redelivery, resend);
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
    }

    /**
     * A message seen before: a duplicate, unless the broker flagged it redelivered (a delivery that
     * was not acknowledged, given again as JMS allows: counted among the redelivered), or it is the
     * publisher's second send after one that failed but reached the broker all the same (in doubt).
     */
    private void secondCopy(boolean redelivery, boolean resend) {
        copies++;
        if (redelivery) {
            return;
        }
        if (resend) {
            resent++;
        } else {
            duplicates++;
        }
    }

    /** The stream so far, as {@code GET /audit} carries it. */
    public StreamState state(String publisher) {
        return new StreamState(publisher, received, highest, missing, duplicates, outOfOrder, redelivered, overflow,
                copies, resent);
    }
}
