package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@Timeout(10)
class StreamAuditTest {

    private static StreamState feed(long... sequence) {
        StreamAudit audit = new StreamAudit();
        for (long seq : sequence) {
            audit.record(seq, false);
        }
        return audit.state("p");
    }

    @Test
    void inOrderStreamHasNothingToReport() {
        StreamState s = feed(0, 1, 2, 3, 4);
        assertEquals(new StreamState("p", 5, 4, 0, 0, 0, 0, false), s);
        assertEquals(0, s.lost(5));
    }

    @Test
    void aGapThatNeverFillsIsLost() {
        StreamState s = feed(0, 1, 3, 4);
        assertEquals(1, s.missing());
        assertEquals(1, s.lost(5));
    }

    @Test
    void messagesAfterTheLastOneSeenAreLostToo() {
        assertEquals(3, feed(0, 1).lost(5));
        assertEquals(5, new StreamAudit().state("p").lost(5), "a stream never heard from loses everything");
    }

    @Test
    void aLateMessageFillsItsGapAndCountsAsOutOfOrder() {
        StreamState s = feed(0, 2, 3, 1, 4);
        assertEquals(0, s.missing());
        assertEquals(1, s.outOfOrder());
        assertEquals(0, s.duplicates());
        assertEquals(0, s.lost(5));
    }

    @Test
    void aSecondCopyIsADuplicateAndDoesNotHideALoss() {
        StreamState s = feed(0, 1, 1, 2, 4, 4);
        assertEquals(2, s.duplicates());
        assertEquals(1, s.missing(), "3 never came");
        assertEquals(1, s.lost(5), "6 received, 2 duplicates: 4 distinct of 5 sent");
    }

    @Test
    void theFirstDuplicatesAndGapsAreNamedBySequenceNumber() {
        StreamState s = feed(0, 1, 1, 4, 5, 9, 4, 12);
        assertEquals(List.of(1L, 4L), s.duplicateSeqs());
        assertEquals(List.of(new SeqRange(2, 3), new SeqRange(6, 8), new SeqRange(10, 11)), s.gaps());
        assertEquals("#2-3", s.gaps().get(0).toString());
    }

    @Test
    void onlyTheFirstTenOfEachAreNamed() {
        StreamAudit audit = new StreamAudit();
        for (long seq = 0; seq < 60; seq += 2) {
            audit.record(seq, false); // 30 gaps of one
            audit.record(seq, false); // 30 duplicates
        }
        StreamState s = audit.state("p");
        assertEquals(30, s.duplicates());
        assertEquals(29, s.missing());
        assertEquals(StreamState.EXAMPLES, s.duplicateSeqs().size());
        assertEquals(StreamState.EXAMPLES, s.gaps().size());
        assertEquals(new SeqRange(1, 1), s.gaps().get(0));
    }

    @Test
    void theNamedGapsFollowLateMessagesThatSplitOrCloseThem() {
        StreamAudit audit = new StreamAudit();
        for (long seq = 0; seq < 30; seq += 2) {
            audit.record(seq, false); // gaps #1, #3, ... #27: 14 of them, the first 10 named
        }
        audit.record(1, false); // closes the first
        audit.record(21, false); // closes the eleventh, which was not named
        StreamState s = audit.state("p");
        assertEquals(new SeqRange(3, 3), s.gaps().get(0));
        assertEquals(new SeqRange(23, 23), s.gaps().get(9), "the 11th moved up when the first closed");

        StreamAudit wide = new StreamAudit();
        wide.record(0, false);
        wide.record(10, false); // #1-9
        wide.record(5, false);
        assertEquals(List.of(new SeqRange(1, 4), new SeqRange(6, 9)), wide.state("p").gaps());
    }

    @Test
    void aRedeliveredOrResentCopyIsNotNamedAsADuplicate() {
        StreamAudit audit = new StreamAudit();
        audit.record(0, false);
        audit.record(0, true);
        audit.record(0, false, true);
        assertEquals(List.of(), audit.state("p").duplicateSeqs());
    }

    @Test
    void aSecondCopyBelowBetweenOrAboveOpenGapsIsADuplicate() {
        StreamState s = feed(0, 2, 3, 5, 0, 3, 5);
        assertEquals(3, s.duplicates(), "0 below gap 1, 3 between gaps 1 and 4, 5 above gap 4");
        assertEquals(2, s.missing(), "1 and 4 never came");
        assertEquals(0, s.outOfOrder());
    }

    @Test
    void aLateMessageInTheMiddleOfAWideGapSplitsIt() {
        StreamState s = feed(0, 10, 5, 5);
        assertEquals(8, s.missing(), "1-4 and 6-9 still open");
        assertEquals(1, s.outOfOrder());
        assertEquals(1, s.duplicates(), "the second 5");
    }

    @Test
    void aSendMadeAgainAfterAFailureIsInDoubtNotADuplicate() {
        StreamAudit audit = new StreamAudit();
        audit.record(0, false);
        audit.record(1, false, false); // the send threw, yet the broker had it
        audit.record(1, false, true);  // the same message, sent again
        audit.record(2, false, true);  // sent again after a failed send the broker never had: one copy
        StreamState s = audit.state("p");
        assertEquals(0, s.duplicates());
        assertEquals(1, s.resent());
        assertEquals(0, s.lost(3));
    }

    @Test
    void secondCopiesOfEveryKindDoNotHideALoss() {
        StreamAudit audit = new StreamAudit();
        for (long seq = 0; seq < 10; seq++) {
            if (seq != 4) { // 4 lost
                audit.record(seq, false);
            }
        }
        audit.record(7, true);         // redelivered
        audit.record(8, false, true);  // resent
        audit.record(9, false);        // duplicate
        StreamState s = audit.state("p");
        assertEquals(3, s.copies());
        assertEquals(1, s.lost(10), "ten sent, nine distinct arrived");
    }

    @Test
    void aSecondCopyFlaggedRedeliveredIsARedeliveryNotADuplicate() {
        StreamAudit audit = new StreamAudit();
        audit.record(0, false);
        audit.record(0, true);
        audit.record(1, false);
        audit.record(1, false);
        StreamState s = audit.state("p");
        assertEquals(1, s.redelivered());
        assertEquals(1, s.duplicates(), "only the second 1, which the broker did not flag");
        assertFalse(s.overflow());
    }
}
