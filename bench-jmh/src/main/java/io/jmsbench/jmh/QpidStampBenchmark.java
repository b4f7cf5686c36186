package io.jmsbench.jmh;

import io.jmsbench.jms.StampReader;
import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
import org.apache.qpid.jms.message.JmsBytesMessage;
import org.apache.qpid.jms.provider.amqp.message.AmqpJmsBytesMessageFacade;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * The audit stamps on a qpid-jms (AMQP) bytes message of 1 KiB, no broker: {@link #write} (the
 * publisher's {@code StampWriter} before each send), {@link #read} (the subscriber's
 * {@code StampReader} on a message whose body is one data section, as a consumer hands it over)
 * and {@link #readThroughJms}, the reader's path before it read the body where it is: the body
 * through {@code getBodyLength}, {@code reset}, {@code readBytes}, {@code reset}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QpidStampBenchmark {

    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);

    private final StampReader stamps = new StampReader();
    private final byte[] head = new byte[20];
    private StampWriter writer;
    private JmsBytesMessage received;
    private long sequence;

    @Setup
    public void prepare() throws JMSException {
        JmsBytesMessage sent = bytesMessage(new byte[1024]);
        writer = StampWriter.forMessage(sent);
        long id = AuditHeaders.id(RUN_TAG, 0, 12_345);
        writer.stamp(id, EpochClock.nanos());
        sent.reset();
        byte[] body = new byte[(int) sent.getBodyLength()];
        sent.readBytes(body);
        received = bytesMessage(body);
        received.reset(); // read-only, its body one data section: as a consumer hands it over
        if (!stamps.read(received) || stamps.id() != id || !readThroughJms(received)
                || ByteBuffer.wrap(head, 4, 8).getLong() != id) {
            throw new IllegalStateException("the stamps did not come through the AMQP body");
        }
    }

    private static JmsBytesMessage bytesMessage(byte[] body) throws JMSException {
        JmsBytesMessage message = new JmsBytesMessage(new AmqpJmsBytesMessageFacade());
        message.writeBytes(body);
        return message;
    }

    @Benchmark
    public void write() throws JMSException {
        writer.stamp(AuditHeaders.id(RUN_TAG, 0, sequence++), EpochClock.nanos());
    }

    @Benchmark
    public void read(Blackhole blackhole) throws JMSException {
        blackhole.consume(stamps.read(received));
        blackhole.consume(stamps.id());
        blackhole.consume(stamps.sentAt());
    }

    @Benchmark
    public void readThroughJms(Blackhole blackhole) throws JMSException {
        blackhole.consume(readThroughJms(received));
        blackhole.consume(head[4]);
    }

    /** StampReader's path for a qpid-jms message before it read the body where it is. */
    private boolean readThroughJms(JmsBytesMessage message) throws JMSException {
        if (message.getBodyLength() < head.length) {
            return false;
        }
        message.reset();
        message.readBytes(head);
        message.reset();
        return true;
    }
}
