package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.StreamState;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The second copies both kinds of stream count, the same way: one class, so they cannot drift apart. */
class SecondCopiesTest {

    @Test
    void aRedeliveryIsACopyButNeitherADuplicateNorASendMadeAgain() {
        SecondCopies c = new SecondCopies();
        c.record(7, true, false);
        c.record(8, true, true);
        assertEquals(List.of(2L, 0L, 0L, List.of()), List.of(c.copies(), c.duplicates(), c.resent(), c.firstDuplicates()));
    }

    @Test
    void aSendMadeAgainIsCountedApartFromTheDuplicates() {
        SecondCopies c = new SecondCopies();
        c.record(7, false, true);
        c.record(9, false, false);
        assertEquals(List.of(2L, 1L, 1L, List.of(9L)), List.of(c.copies(), c.duplicates(), c.resent(), c.firstDuplicates()));
    }

    @Test
    void onlyTheFirstDuplicatesAreKeptByNumberAllAreCounted() {
        SecondCopies c = new SecondCopies();
        List<Long> first = new ArrayList<>();
        for (long s = 0; s < StreamState.EXAMPLES + 5; s++) {
            c.record(s, false, false);
            if (s < StreamState.EXAMPLES) {
                first.add(s);
            }
        }
        assertEquals(StreamState.EXAMPLES + 5, c.duplicates());
        assertEquals(first, c.firstDuplicates());
    }

    /** Both kinds of stream give the same counts for the same second copies. */
    @Test
    void aStreamAuditedAloneAndOneByItsReceiptsCountTheSameCopies() {
        StreamAudit alone = new StreamAudit();
        StreamReceipts receipts = new StreamReceipts(0);
        long[][] arrivals = {{0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 0, 1}, {2, 0, 0}, {0, 0, 0}};
        for (long[] a : arrivals) {
            alone.record(a[0], a[1] == 1, a[2] == 1);
            receipts.record(a[0], a[1] == 1, a[2] == 1);
        }
        StreamState a = alone.state("p");
        StreamState r = receipts.state("p");
        assertEquals(List.of(a.copies(), a.duplicates(), a.resent(), a.duplicateSeqs()),
                List.of(r.copies(), r.duplicates(), r.resent(), r.duplicateSeqs()));
        assertEquals(List.of(4L, 2L, 1L, List.of(1L, 0L)), List.of(a.copies(), a.duplicates(), a.resent(), a.duplicateSeqs()));
    }
}
