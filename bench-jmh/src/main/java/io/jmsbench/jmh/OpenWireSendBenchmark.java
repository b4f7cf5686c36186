package io.jmsbench.jmh;

import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.command.MessageId;
import org.apache.activemq.command.ProducerId;
import org.apache.activemq.openwire.OpenWireFormat;
import org.apache.activemq.util.DataByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * What the OpenWire client does with each message a publisher sends, up to the socket: the
 * session's copy of the message ({@code copyMessageOnSend}, on by default), then the wire format's
 * marshalling, which turns the property map into bytes. Measured for the plain message a raw send
 * loop sends, for the same message with jmsbench's two audit stamps set as JMS properties, and
 * with them written by {@link StampWriter} (what the publisher does): the differences are the
 * stamps' whole cost on the send path, the provider's share included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class OpenWireSendBenchmark {

    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);

    /** Whether the session copies the message before marshalling it (ActiveMQ's default: true). */
    @Param({"true", "false"})
    public boolean copyOnSend;

    private final OpenWireFormat format = new OpenWireFormat(OpenWireFormat.DEFAULT_WIRE_VERSION);
    private final DataByteArrayOutputStream out = new DataByteArrayOutputStream(4096);
    private final ProducerId producer = new ProducerId("ID:bench-1-1:1:1");
    private ActiveMQBytesMessage plain;
    private ActiveMQBytesMessage stamped;
    private ActiveMQBytesMessage written;
    private StampWriter writer;
    private long sequence;

    @Setup
    public void prepare() throws JMSException {
        format.setTightEncodingEnabled(true); // what the client and broker negotiate by default
        plain = Messages.prepared();
        stamped = Messages.prepared();
        written = Messages.prepared();
        for (ActiveMQBytesMessage m : new ActiveMQBytesMessage[] {plain, stamped, written}) {
            m.setDestination(new ActiveMQTopic("bench"));
            m.setProducerId(producer);
        }
        writer = StampWriter.forMessage(written);
    }

    @Benchmark
    public int plain() throws IOException, JMSException {
        return send(plain);
    }

    @Benchmark
    public int stamped() throws IOException, JMSException {
        stamped.setLongProperty(AuditHeaders.ID, AuditHeaders.id(RUN_TAG, 0, sequence));
        stamped.setLongProperty(AuditHeaders.SENT_AT, EpochClock.nanos());
        return send(stamped);
    }

    /** What PublisherClient does: the same two stamps, through {@link StampWriter}. */
    @Benchmark
    public int stampWriter() throws IOException, JMSException {
        writer.stamp(AuditHeaders.id(RUN_TAG, 0, sequence), EpochClock.nanos());
        return send(written);
    }

    /** The session's part of a send and the marshalling; returns the bytes that would go on the wire. */
    private int send(ActiveMQMessage message) throws IOException, JMSException {
        message.setMessageId(new MessageId(producer, ++sequence)); // as the session does per send
        ActiveMQMessage sent = copyOnSend ? (ActiveMQMessage) message.copy() : message;
        sent.onSend();
        out.restart();
        format.marshal(sent, out);
        if (!copyOnSend) {
            sent.setReadOnlyBody(false); // a reused message must stay writable for the next stamps
            sent.setReadOnlyProperties(false);
        }
        return out.size();
    }
}
