package io.jmsbench.jmh;

import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.metrics.StreamAudit;
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
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What an audited, auto-acknowledging {@code CountingSubscriber} does for each message, in three
 * cuts: {@link #readStamps} (the provider's property getters, properties already unmarshalled),
 * {@link #record} (the harness's own work with the values read: count, latency, stream audit), and
 * {@link #onMessage} (the whole listener on a message as it comes off the wire, its properties
 * still marshalled, so the first getter pays ActiveMQ's unmarshalling).
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
    private static final long SEQUENCE_MARK = 0x5EC0_5EC0_5EC0_5EC0L;
    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    // CountingSubscriber's state, as it is there
    private final ClientCounter counter = new ClientCounter("sub-0-0");
    private final boolean audit = true;
    private final String runPrefix = AuditHeaders.publisher(Messages.RUN_ID, "");
    private final Map<String, StreamAudit> streams = new HashMap<>();
    private volatile long unexpected;
    private volatile long redelivered;
    private final SingleWriterRecorder latency = new SingleWriterRecorder(Histograms.DIGITS);

    private ActiveMQBytesMessage parsed;
    private ActiveMQBytesMessage received;
    private ByteSequence wireProperties;
    private int sequenceOffset;
    private long wireSequence;
    private final String[] publishers = new String[PUBLISHERS];
    private final long[] sequences = new long[PUBLISHERS];
    private long sentAt;
    private int next;

    @Setup
    public void prepare() throws JMSException, IOException {
        for (int i = 0; i < PUBLISHERS; i++) {
            publishers[i] = AuditHeaders.publisher(Messages.RUN_ID, "pub-" + i);
        }
        parsed = Messages.prepared("pub-0");
        parsed.setLongProperty(AuditHeaders.SEQUENCE, 12_345);
        parsed.setLongProperty(AuditHeaders.SENT_AT, EpochClock.nanos());

        // the same properties marshalled as they travel; the sequence number is patched in place per message
        ActiveMQBytesMessage sent = Messages.prepared("pub-0");
        sent.setLongProperty(AuditHeaders.SEQUENCE, SEQUENCE_MARK);
        sent.setLongProperty(AuditHeaders.SENT_AT, EpochClock.nanos());
        sent.beforeMarshall(null);
        wireProperties = sent.getMarshalledProperties();
        sequenceOffset = indexOf(wireProperties, SEQUENCE_MARK);
        received = (ActiveMQBytesMessage) sent.copy();
    }

    /** Send times 1 ms before each iteration, so latencies are realistic, not zero or negative. */
    @Setup(Level.Iteration)
    public void sendTime() {
        sentAt = EpochClock.nanos() - 1_000_000;
    }

    @Benchmark
    public void readStamps(Blackhole blackhole) throws JMSException {
        String publisher = parsed.getStringProperty(AuditHeaders.PUBLISHER);
        blackhole.consume(publisher != null && publisher.startsWith(runPrefix));
        blackhole.consume(parsed.getLongProperty(AuditHeaders.SENT_AT));
        blackhole.consume(parsed.getJMSRedelivered());
        blackhole.consume(parsed.getLongProperty(AuditHeaders.SEQUENCE));
    }

    @Benchmark
    public void record() {
        int p = next++ & (PUBLISHERS - 1);
        counter.message();
        latency.recordValue(Math.max(0, EpochClock.nanos() - sentAt));
        synchronized (streams) {
            streams.computeIfAbsent(publishers[p], k -> new StreamAudit()).record(sequences[p]++, false);
        }
    }

    @Benchmark
    public void onMessage() throws JMSException {
        BIG_ENDIAN_LONG.set(wireProperties.getData(), sequenceOffset, wireSequence++);
        received.clearProperties();
        received.setMarshalledProperties(wireProperties);
        counter.message();
        audit(received);
    }

    /** CountingSubscriber.audit(Message), unchanged. */
    private void audit(Message message) throws JMSException {
        String publisher = message.getStringProperty(AuditHeaders.PUBLISHER);
        if (publisher == null || !publisher.startsWith(runPrefix)) {
            unexpected++;
            return;
        }
        long sentAt = message.getLongProperty(AuditHeaders.SENT_AT);
        latency.recordValue(Math.max(0, EpochClock.nanos() - sentAt));
        boolean redelivery = message.getJMSRedelivered();
        if (redelivery) {
            redelivered++;
        }
        if (audit) {
            long sequence = message.getLongProperty(AuditHeaders.SEQUENCE);
            synchronized (streams) {
                streams.computeIfAbsent(publisher, p -> new StreamAudit()).record(sequence, redelivery);
            }
        }
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
