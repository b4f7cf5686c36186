package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class StreamAuditsTest {

    @Test
    void oneStreamPerPublisherMetInIndexOrder() {
        StreamAudits audits = new StreamAudits();
        assertEquals(List.of(), audits.states(p -> "pub-" + p));

        audits.record(3, 0, false);
        audits.record(0, 0, false);
        audits.record(0, 2, true);
        audits.record(3, 1, false);

        assertEquals(List.of(new StreamState("pub-0", 2, 2, 1, 0, 0, 1, false, 0, 0, List.of(),
                        List.of(new SeqRange(1, 1))),
                new StreamState("pub-3", 2, 1, 0, 0, 0, 0, false)), audits.states(p -> "pub-" + p),
                "publishers never met (1, 2) have no stream");
    }

    /**
     * The writer records two in-order streams in turn as fast as it can while a reader copies them:
     * every copy must be of one moment between two records. A copy taken during a record would show
     * a stream whose count ran ahead of its highest sequence number, or the two streams more than
     * one message apart.
     *
     * <p>After each thousand pairs the writer waits for the reader's next copy, as a delivery thread
     * waits for its next message ({@link StreamAudits#states} may give up on a writer that never
     * pauses), and the reader copies until it has made 100 copies beside the writer: how many that
     * takes is the scheduler's, so neither a deadline nor the machine's load decides the outcome.
     */
    @Test
    void aReaderNeverSeesHalfARecord() throws Exception {
        StreamAudits audits = new StreamAudits();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong copied = new AtomicLong();
        long[] written = new long[1];
        Thread writer = new Thread(() -> {
            long seq = 0;
            while (!stop.get()) {
                long before = copied.get();
                for (int i = 0; i < 1_000; i++, seq++) {
                    audits.record(0, seq, false);
                    audits.record(1, seq, false);
                }
                while (copied.get() == before && !stop.get()) {
                    Thread.onSpinWait(); // the pause between two messages: the reader's copy goes through
                }
            }
            written[0] = seq;
        }, "delivery");
        writer.start();
        long copies = 0;
        long busy = 0;
        try {
            while (busy <= 100) {
                List<StreamState> states = audits.states(p -> "pub-" + p);
                copies = copied.incrementAndGet();
                if (states.size() < 2) {
                    continue; // the second stream is not met yet
                }
                StreamState first = states.get(0);
                StreamState second = states.get(1);
                for (StreamState s : states) {
                    assertEquals(s.highest() + 1, s.received(), "copy " + copies + ": " + s);
                    assertEquals(0, s.missing() + s.duplicates() + s.outOfOrder(), "copy " + copies + ": " + s);
                }
                long apart = first.received() - second.received();
                assertTrue(apart == 0 || apart == 1, "copy " + copies + ": " + states);
                busy += second.received() > 0 ? 1 : 0;
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertTrue(busy > 100, "the reader copied while the writer recorded: " + busy + " of " + copies);
        assertEquals(List.of(new StreamState("pub-0", written[0], written[0] - 1, 0, 0, 0, 0, false),
                new StreamState("pub-1", written[0], written[0] - 1, 0, 0, 0, 0, false)),
                audits.states(p -> "pub-" + p));
    }

    /**
     * Receipts are copied while the writer records without a pause (a backlog draining): each copy
     * comes at once, whole (as many sequence numbers in its bitmap as it counts received), where a
     * version check would retry in vain for a second and give up.
     */
    @Test
    void receiptsAreCopiedWholeWhileTheWriterNeverPauses() throws Exception {
        StreamAudits audits = StreamAudits.receipts(0);
        audits.record(0, 0, false);
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            long seq = 1;
            while (!stop.get()) {
                audits.record(0, seq++, false);
            }
        }, "delivery");
        writer.start();
        try {
            long start = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                StreamState s = audits.states(p -> "pub-" + p).get(0);
                assertEquals(s.received(), Bitmaps.of(s.receipts().seen()).getLongCardinality(), s.toString());
                assertEquals(s.highest() + 1, s.received(), s.toString());
            }
            assertTrue(System.nanoTime() - start < StreamAudits.READ_PATIENCE_NANOS * 10, "20 copies, no retry loop");
        } finally {
            stop.set(true);
            writer.join();
        }
    }

    /**
     * The delivery thread never waits for a reader: a record of receipts completes while another
     * thread holds the stream's monitor (where a copy under the stream's lock would hold it).
     */
    @Test
    void aRecordOfReceiptsTakesNoLock() throws Exception {
        StreamReceipts stream = new StreamReceipts(0);
        Thread writer = new Thread(() -> {
            for (long seq = 0; seq < 1_000; seq++) {
                stream.record(seq, false, false);
            }
        }, "delivery");
        synchronized (stream) {
            writer.start();
            writer.join(10_000);
            assertTrue(!writer.isAlive(), "the record waited for the stream's monitor");
        }
        assertEquals(1_000, stream.state("p").received());
    }

    /** A stream with no record to come (quiet: its writer is asked in vain) is copied by the reader. */
    @Test
    void receiptsOfAQuietStreamAreCopiedByTheReader() {
        StreamAudits audits = StreamAudits.receipts(0);
        for (long seq = 0; seq < 100; seq += 2) {
            audits.record(0, seq, false);
        }
        for (int i = 0; i < 3; i++) {
            StreamState s = audits.states(p -> "pub-" + p).get(0);
            assertEquals(50, s.received());
            assertEquals(50, Bitmaps.of(s.receipts().seen()).getLongCardinality());
        }
    }
}
