package io.jmsbench.jmh;

import io.jmsbench.jms.StampReader;
import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;
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

import java.util.concurrent.TimeUnit;

/**
 * The audit stamps on an Artemis CORE bytes message of 1 KiB, no broker: {@link #write} (the
 * publisher's {@code StampWriter} before each send) and {@link #read} (the subscriber's
 * {@code StampReader} on a message as the consumer hands it over, its body read from the start).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CoreStampBenchmark {

    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);

    private final StampReader stamps = new StampReader();
    private ActiveMQBytesMessage sent;
    private StampWriter writer;
    private ActiveMQMessage received;
    private long sequence;

    @Setup
    public void prepare() throws JMSException, ActiveMQException {
        sent = bytesMessage();
        writer = StampWriter.forMessage(sent);
        writer.stamp(AuditHeaders.id(RUN_TAG, 0, 12_345), EpochClock.nanos());
        sent.reset();
        byte[] body = new byte[(int) sent.getBodyLength()];
        sent.readBytes(body);
        ClientMessageImpl core = new ClientMessageImpl(ActiveMQBytesMessage.TYPE, false, 0, 0, (byte) 4, 1500);
        core.getBodyBuffer().writeBytes(body);
        received = ActiveMQMessage.createMessage(core, null);
        received.doBeforeReceive();
        if (!stamps.read(received) || stamps.id() != AuditHeaders.id(RUN_TAG, 0, 12_345)) {
            throw new IllegalStateException("the stamps did not come through the CORE body");
        }
    }

    private static ActiveMQBytesMessage bytesMessage() throws JMSException {
        ClientMessageImpl core = new ClientMessageImpl(ActiveMQBytesMessage.TYPE, false, 0, 0, (byte) 4, 1500);
        ActiveMQBytesMessage message = (ActiveMQBytesMessage) ActiveMQMessage.createMessage(core, null);
        message.clearBody();
        message.writeBytes(new byte[1024]);
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
}
