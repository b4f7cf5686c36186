package io.jmsbench.jmh;

import com.rabbitmq.jms.client.message.RMQBytesMessage;
import io.jmsbench.jms.StampReader;
import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * The audit stamps on a RabbitMQ JMS bytes message of 1 KiB, no broker: {@link #write} (the
 * publisher's {@code StampWriter} before each send), {@link #writeThroughJms} (its path before the
 * patch in place: the body cleared and written again) and {@link #read} (the subscriber's
 * {@code StampReader} on a message as a consumer hands it over). A send copies the body written
 * through JMS once more ({@code toByteArray}); the patched one it sends as it is: that copy is the
 * provider's and not in these figures.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RabbitStampBenchmark {

    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final StampReader stamps = new StampReader();
    private StampWriter writer;
    private RMQBytesMessage rewritten;
    private final byte[] body = new byte[1024];
    private RMQBytesMessage received;
    private long sequence;

    @Setup
    public void prepare() throws JMSException {
        RMQBytesMessage sent = new RMQBytesMessage();
        sent.writeBytes(new byte[1024]);
        writer = StampWriter.forMessage(sent);
        long id = AuditHeaders.id(RUN_TAG, 0, 12_345);
        writer.stamp(id, EpochClock.nanos());
        sent.reset();
        byte[] wire = new byte[(int) sent.getBodyLength()];
        sent.readBytes(wire);
        received = new RMQBytesMessage();
        received.writeBytes(wire);
        received.reset(); // read-only, as a consumer hands it over
        if (!stamps.read(received) || stamps.id() != id || ByteBuffer.wrap(wire, 4, 8).getLong() != id) {
            throw new IllegalStateException("the stamps did not come through the RabbitMQ JMS body");
        }
        rewritten = new RMQBytesMessage();
        rewritten.writeBytes(body);
    }

    @Benchmark
    public void write() throws JMSException {
        writer.stamp(AuditHeaders.id(RUN_TAG, 0, sequence++), EpochClock.nanos());
    }

    /** StampWriter's path for a RabbitMQ JMS message before the patch in place (InJmsBody.stamp). */
    @Benchmark
    public void writeThroughJms() throws JMSException {
        INT.set(body, 0, 0x4A4D5342); // BodyStamp's marker, id and send time
        LONG.set(body, 4, AuditHeaders.id(RUN_TAG, 0, sequence++));
        LONG.set(body, 12, EpochClock.nanos());
        rewritten.clearBody();
        rewritten.writeBytes(body);
    }

    @Benchmark
    public void read(Blackhole blackhole) throws JMSException {
        blackhole.consume(stamps.read(received));
        blackhole.consume(stamps.id());
        blackhole.consume(stamps.sentAt());
    }
}
