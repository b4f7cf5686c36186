package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.StreamState;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages of one stream a subscriber got again, as {@link StreamAudit} and {@link StreamReceipts}
 * both count them: every second copy, and of those the duplicates (neither flagged redelivered nor a
 * send made again), the sends made again, and the first duplicates' sequence numbers. Only the
 * stream's writer records; the first duplicates are in an array of a fixed size, so a reader copying
 * them while a record is under way reads a torn copy at worst (which its stream's owner discards).
 */
final class SecondCopies {

    private long copies;
    private long duplicates;
    private long resent;
    private final long[] duplicateSeqs = new long[StreamState.EXAMPLES];
    private int duplicateSeqCount;

    /**
     * A message seen before: a duplicate, unless the broker flagged it redelivered (a delivery that
     * was not acknowledged, given again as JMS allows: counted among the redelivered), or it is the
     * publisher's second send after one that failed but reached the broker all the same (in doubt).
     */
    void record(long seq, boolean redelivery, boolean resend) {
        copies++;
        if (redelivery) {
            return;
        }
        if (resend) {
            resent++;
        } else {
            if (duplicateSeqCount < StreamState.EXAMPLES) {
                duplicateSeqs[duplicateSeqCount++] = seq;
            }
            duplicates++;
        }
    }

    long copies() {
        return copies;
    }

    long duplicates() {
        return duplicates;
    }

    long resent() {
        return resent;
    }

    /** The first duplicates' sequence numbers (the count bounded again: a torn copy may read it ahead). */
    List<Long> firstDuplicates() {
        List<Long> dups = new ArrayList<>();
        for (int i = 0; i < Math.min(duplicateSeqCount, StreamState.EXAMPLES); i++) {
            dups.add(duplicateSeqs[i]);
        }
        return dups;
    }
}
