package io.jmsbench.metrics;

import io.jmsbench.metrics.ReceiptUnion.Outcome;
import io.jmsbench.metrics.ReceiptUnion.Share;
import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;
import io.jmsbench.workload.TakenSequences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roaringbitmap.RoaringBitmap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The union audit of competing consumers: three consumers share a stream of 3,000 messages round
 * robin (one in three each), the baseline; each test changes one thing.
 */
@Timeout(60)
class ReceiptUnionTest {

    private static final int SENT = 3_000;

    /** Three consumers, message s to consumer s mod 3, each recorded as {@code recorder} says. */
    private static List<StreamReceipts> roundRobin(int groups) {
        List<StreamReceipts> consumers = List.of(new StreamReceipts(groups), new StreamReceipts(groups),
                new StreamReceipts(groups));
        for (long s = 0; s < SENT; s++) {
            consumers.get((int) (s % 3)).record(s, false, false);
        }
        return consumers;
    }

    private static Outcome union(List<StreamReceipts> consumers, RoaringBitmap expected) {
        List<Share> shares = new ArrayList<>();
        for (int i = 0; i < consumers.size(); i++) {
            shares.add(new Share("sub-" + i, consumers.get(i).state("pub-0")));
        }
        return ReceiptUnion.of(shares, expected);
    }

    private static Outcome union(List<StreamReceipts> consumers) {
        return union(consumers, TakenSequences.ALL.of(SENT));
    }

    @Test
    void threeConsumersThatShareAStreamExactlyOnceLoseAndDuplicateNothing() {
        List<StreamReceipts> consumers = roundRobin(0);
        Outcome o = union(consumers);
        assertEquals(new Outcome(0, 0, 0, 0, List.of(), List.of()), o);
        for (StreamReceipts c : consumers) {
            StreamState s = c.state("pub-0");
            assertEquals(1_000, s.received());
            assertEquals(0, s.outOfOrder(), "each consumer's share arrives in the stream's order");
            assertEquals(0, s.duplicates());
        }
    }

    @Test
    void aConsumerThatDropsEveryThousandthOfItsMessagesLosesThem() {
        List<StreamReceipts> consumers = List.of(new StreamReceipts(0), new StreamReceipts(0), new StreamReceipts(0));
        long[] taken = new long[3];
        for (long s = 0; s < SENT; s++) {
            int c = (int) (s % 3);
            if (c == 1 && ++taken[c] % 100 == 0) {
                continue; // received and acknowledged, never recorded
            }
            consumers.get(c).record(s, false, false);
        }
        Outcome o = union(consumers);
        assertEquals(10, o.lost(), "every 100th of consumer 1's 1,000");
        assertEquals(new SeqRange(298, 298), o.lostRanges().get(0), "consumer 1's 100th is message 3 x 99 + 1");
        assertEquals(0, o.duplicates());
    }

    @Test
    void aMessageTwoConsumersReceivedIsADuplicateAcrossThem() {
        List<StreamReceipts> consumers = roundRobin(0);
        consumers.get(2).record(3, false, false); // consumer 0's
        consumers.get(2).record(4, false, false); // consumer 1's
        Outcome o = union(consumers);
        assertEquals(0, o.lost());
        assertEquals(2, o.duplicates());
        assertEquals(List.of(3L, 4L), o.duplicateSeqs());
        assertEquals(2, consumers.get(2).state("pub-0").outOfOrder(), "behind consumer 2's highest, not redelivered");
    }

    @Test
    void aConsumerThatRecordsAMessageTwiceCountsItsOwnDuplicateNotOneAcrossConsumers() {
        List<StreamReceipts> consumers = roundRobin(0);
        consumers.get(0).record(2_997, false, false);
        assertEquals(1, consumers.get(0).state("pub-0").duplicates());
        assertEquals(List.of(2_997L), consumers.get(0).state("pub-0").duplicateSeqs());
        assertEquals(0, union(consumers).duplicates(), "counted once, where it arrived");
    }

    @Test
    void aMessageGivenToAnotherConsumerFlaggedRedeliveredIsNoDuplicate() {
        List<StreamReceipts> consumers = roundRobin(0);
        consumers.get(1).record(3, true, false);
        Outcome o = union(consumers);
        assertEquals(0, o.duplicates());
        assertEquals(0, o.resent());
        assertEquals(1, consumers.get(1).state("pub-0").redelivered());
        assertEquals(0, consumers.get(1).state("pub-0").outOfOrder(), "a redelivery may come out of order");
    }

    @Test
    void aSendMadeAgainThatReachedAnotherConsumerIsResentNotADuplicate() {
        List<StreamReceipts> consumers = roundRobin(0);
        consumers.get(1).record(3, false, true);
        Outcome o = union(consumers);
        assertEquals(0, o.duplicates());
        assertEquals(1, o.resent());
    }

    @Test
    void aSelectorsPartIsAuditedAsExactlyThePartItTakes() {
        // a round robin of 4 prepared messages starting at entry 1, the selector taking entries 0 and 3
        TakenSequences part = new TakenSequences(new boolean[] {true, false, false, true}, 1);
        StreamReceipts consumer = new StreamReceipts(0);
        for (long s = 0; s < SENT; s++) {
            if (part.takes(s) && s != 2) {
                consumer.record(s, false, false);
            }
        }
        Outcome o = union(List.of(consumer), part.of(SENT));
        assertEquals(1, o.lost(), "message 2 (entry 3) is the selector's and never came");
        assertEquals(List.of(new SeqRange(2, 2)), o.lostRanges());
        assertEquals(1_500, part.of(SENT).getLongCardinality());
        assertTrue(!part.takes(0) && !part.takes(1) && part.takes(2) && part.takes(3));
    }

    @Test
    void aMessageGroupHeldByOneConsumerAtATimeKeepsItsOrder() {
        // 2 groups (message s in group s mod 2); group 0 to consumer 0, group 1 to consumer 1 until
        // message 1,001, then to consumer 2 (consumer 1 left): no group with two holders at once
        List<StreamReceipts> consumers = List.of(new StreamReceipts(2), new StreamReceipts(2), new StreamReceipts(2));
        for (long s = 0; s < SENT; s++) {
            consumers.get(s % 2 == 0 ? 0 : s <= 1_001 ? 1 : 2).record(s, false, false);
        }
        assertEquals(0, union(consumers).groupDisorder());
    }

    @Test
    void aMessageGroupSplitBetweenTwoConsumersAtOnceIsOutOfItsOrder() {
        List<StreamReceipts> consumers = List.of(new StreamReceipts(2), new StreamReceipts(2), new StreamReceipts(2));
        for (long s = 0; s < SENT; s++) {
            // group 1 goes to consumer 1, but its messages 1,001 to 1,099 to consumer 2 meanwhile
            consumers.get(s % 2 == 0 ? 0 : s > 1_000 && s < 1_100 ? 2 : 1).record(s, false, false);
        }
        Outcome o = union(consumers);
        assertEquals(50, o.groupDisorder(), "consumer 2's 50 messages of group 1, inside consumer 1's turn");
        assertEquals(0, o.lost());
    }

    /**
     * The memory the union audit costs: one million messages shared one in three by three consumers
     * (the worst case for ranges: every consumer's share is a gap in the others'), serialized as
     * {@code GET /audit} carries them. At 100,000 msgs/s for 10 minutes (60 million) this is 60 times
     * the figure printed, on each subscriber agent (its own consumers' part) and on the controller.
     */
    @Test
    void aMillionMessagesSharedOneInThreeCostAboutAThirdOfAByteEach() {
        int million = 1_000_000;
        List<StreamReceipts> consumers = List.of(new StreamReceipts(0), new StreamReceipts(0), new StreamReceipts(0));
        for (long s = 0; s < million; s++) {
            consumers.get((int) (s % 3)).record(s, false, false);
        }
        long bytes = 0;
        for (StreamReceipts c : consumers) {
            StreamState state = c.state("pub-0");
            bytes += state.receipts().seen().length + state.receipts().flagged().length
                    + state.receipts().resends().length;
        }
        List<Share> shares = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            shares.add(new Share("sub-" + i, consumers.get(i).state("pub-0")));
        }
        assertEquals(0, ReceiptUnion.of(shares, TakenSequences.ALL.of(million)).lost());
        System.out.printf(Locale.ROOT, "union audit: %,d bytes per million messages at one-in-three interleaving "
                + "(3 consumers' receipts); 60 million messages (100,000 msgs/s for 10 minutes): %.1f MB%n",
                bytes, bytes * 60 / 1e6);
        assertTrue(bytes < 400_000, "at most 8 KB per 65,536 sequence numbers per consumer: " + bytes);
    }
}
