package io.jmsbench.jmh;

import io.jmsbench.jms.StampReader;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.metrics.StreamAudit;
import io.jmsbench.metrics.StreamAudits;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.HdrHistogram.SingleWriterRecorder;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.util.ByteSequence;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * What an audited, auto-acknowledging {@code CountingSubscriber} does for each message, in three
 * cuts: {@link #readStamps} (the provider's property getters, properties already unmarshalled),
 * {@link #record} (the harness's own work with the values read: count, latency, stream audit), and
 * {@link #onMessage} (the whole listener on a message as it comes off the wire, its properties
 * still marshalled, so the first getter pays ActiveMQ's unmarshalling).
 *
 * The last two also come in the ways the stream audit can be handed to the one reader of
 * {@code /audit}: the subscriber's own, {@link StreamAudits}' sequence lock ({@link #record},
 * {@link #onMessage}); under {@code synchronized}, as the subscriber did before ({@code ...Locked});
 * and with no hand-over at all ({@code ...Unguarded}: unsafe, the floor). What a hand-over costs
 * is its difference to the floor (StreamAudits has the figures, and those of a writer-reader
 * phaser, which cost what the lock does).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SubscriberBenchmark {

    /** A topic subscriber sees the streams of all publishers interleaved. */
    private static final int PUBLISHERS = 4;
    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);
    private static final long ID_MARK = AuditHeaders.id(RUN_TAG, 0, 0x3_EC05_EC05L);
    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    // CountingSubscriber's state, as it is there
    private final ClientCounter counter = new ClientCounter("sub-0-0");
    private final boolean audit = true;
    private final int runTag = RUN_TAG;
    private final StampReader stamps = new StampReader();
    private final StreamAudits audits = new StreamAudits();
    /** The audits as the hand-overs other than StreamAudits keep them. */
    private StreamAudit[] streams = new StreamAudit[0];
    private volatile long unexpected;
    private volatile long redelivered;
    private final SingleWriterRecorder latency = new SingleWriterRecorder(Histograms.DIGITS);

    private ActiveMQBytesMessage parsed;
    private ActiveMQBytesMessage received;
    private ByteSequence wireProperties;
    private int sequenceOffset;
    private long wireSequence;
    private final long[] sequences = new long[PUBLISHERS];
    private long sentAt;
    private int next;

    @Setup
    public void prepare() throws JMSException, IOException {
        parsed = Messages.prepared();
        parsed.setLongProperty(AuditHeaders.ID, AuditHeaders.id(RUN_TAG, 0, 12_345));
        parsed.setLongProperty(AuditHeaders.SENT_AT, EpochClock.nanos());

        // the same properties marshalled as they travel; the sequence number is patched in place per message
        ActiveMQBytesMessage sent = Messages.prepared();
        sent.setLongProperty(AuditHeaders.ID, ID_MARK);
        sent.setLongProperty(AuditHeaders.SENT_AT, EpochClock.nanos());
        sent.beforeMarshall(null);
        wireProperties = sent.getMarshalledProperties();
        sequenceOffset = indexOf(wireProperties, ID_MARK);
        received = (ActiveMQBytesMessage) sent.copy();
    }

    /** Send times 1 ms before each iteration, so latencies are realistic, not zero or negative. */
    @Setup(Level.Iteration)
    public void sendTime() {
        sentAt = EpochClock.nanos() - 1_000_000;
    }

    @Benchmark
    public void readStamps(Blackhole blackhole) throws JMSException {
        long id = parsed.getLongProperty(AuditHeaders.ID);
        blackhole.consume(AuditHeaders.runTagOf(id) == runTag);
        blackhole.consume(parsed.getLongProperty(AuditHeaders.SENT_AT));
        blackhole.consume(parsed.getJMSRedelivered());
        blackhole.consume(AuditHeaders.sequenceOf(id));
    }

    @Benchmark
    public void record() {
        int p = next++ & (PUBLISHERS - 1);
        counter.message();
        latency.recordValue(Math.max(0, EpochClock.nanos() - sentAt));
        audits.record(p, sequences[p]++, false);
    }

    @Benchmark
    public void recordLocked() {
        int p = next++ & (PUBLISHERS - 1);
        counter.message();
        latency.recordValue(Math.max(0, EpochClock.nanos() - sentAt));
        synchronized (this) {
            stream(p).record(sequences[p]++, false);
        }
    }

    @Benchmark
    public void recordUnguarded() {
        int p = next++ & (PUBLISHERS - 1);
        counter.message();
        latency.recordValue(Math.max(0, EpochClock.nanos() - sentAt));
        stream(p).record(sequences[p]++, false);
    }

    @Benchmark
    public void onMessage() throws JMSException {
        counter.message();
        audit(offTheWire());
    }

    @Benchmark
    public void onMessageLocked() throws JMSException {
        counter.message();
        auditLocked(offTheWire());
    }

    @Benchmark
    public void onMessageUnguarded() throws JMSException {
        counter.message();
        auditUnguarded(offTheWire());
    }

    /** The next message as the subscriber gets it: properties marshalled, the sequence number one up. */
    private Message offTheWire() {
        BIG_ENDIAN_LONG.set(wireProperties.getData(), sequenceOffset, AuditHeaders.id(RUN_TAG, 0, wireSequence++));
        received.clearProperties();
        received.setMarshalledProperties(wireProperties);
        return received;
    }

    /** CountingSubscriber.audit(Message), unchanged. */
    private void audit(Message message) throws JMSException {
        if (!stamps.read(message)) {
            unexpected++;
            return;
        }
        long id = stamps.id();
        if (AuditHeaders.runTagOf(id) != runTag) {
            unexpected++;
            return;
        }
        latency.recordValue(Math.max(0, EpochClock.nanos() - stamps.sentAt()));
        boolean redelivery = message.getJMSRedelivered();
        if (redelivery) {
            redelivered++;
        }
        if (audit) {
            audits.record(AuditHeaders.publisherOf(id), AuditHeaders.sequenceOf(id), redelivery);
        }
    }

    /** {@link #audit} as it was, with the stream audit recorded under {@code synchronized}. */
    private void auditLocked(Message message) throws JMSException {
        if (!stamps.read(message)) {
            unexpected++;
            return;
        }
        long id = stamps.id();
        if (AuditHeaders.runTagOf(id) != runTag) {
            unexpected++;
            return;
        }
        latency.recordValue(Math.max(0, EpochClock.nanos() - stamps.sentAt()));
        boolean redelivery = message.getJMSRedelivered();
        if (redelivery) {
            redelivered++;
        }
        if (audit) {
            int publisher = AuditHeaders.publisherOf(id);
            synchronized (this) {
                stream(publisher).record(AuditHeaders.sequenceOf(id), redelivery);
            }
        }
    }

    /** {@link #audit} with no hand-over to a reader at all: not safe, the floor of the three. */
    private void auditUnguarded(Message message) throws JMSException {
        if (!stamps.read(message)) {
            unexpected++;
            return;
        }
        long id = stamps.id();
        if (AuditHeaders.runTagOf(id) != runTag) {
            unexpected++;
            return;
        }
        latency.recordValue(Math.max(0, EpochClock.nanos() - stamps.sentAt()));
        boolean redelivery = message.getJMSRedelivered();
        if (redelivery) {
            redelivered++;
        }
        if (audit) {
            stream(AuditHeaders.publisherOf(id)).record(AuditHeaders.sequenceOf(id), redelivery);
        }
    }

    private StreamAudit stream(int publisher) {
        if (publisher >= streams.length) {
            streams = Arrays.copyOf(streams, Math.max(publisher + 1, streams.length * 2));
        }
        StreamAudit stream = streams[publisher];
        if (stream == null) {
            stream = streams[publisher] = new StreamAudit();
        }
        return stream;
    }

    private static int indexOf(ByteSequence bytes, long mark) {
        for (int i = bytes.getOffset(); i + Long.BYTES <= bytes.getOffset() + bytes.getLength(); i++) {
            if ((long) BIG_ENDIAN_LONG.get(bytes.getData(), i) == mark) {
                return i;
            }
        }
        throw new IllegalStateException("the marshalled properties do not hold the sequence number " + mark);
    }
}
