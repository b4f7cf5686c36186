package io.jmsbench.jmh;

import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.ClientCounter;
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

import java.util.concurrent.TimeUnit;

/**
 * What a saturated publisher's {@code MessageCycle} does around {@code producer.send(message)}: stamp the
 * sequence number and the send time on the prepared message ({@link StampWriter}: a fresh copy of
 * its marshalled properties with the two longs in place), then count it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PublisherBenchmark {

    private final ClientCounter counter = new ClientCounter("pub-0");
    private StampWriter stamps;
    private long sequence;
    private static final int RUN_TAG = AuditHeaders.runTag(Messages.RUN_ID);

    @Setup
    public void prepare() throws JMSException {
        stamps = StampWriter.forMessage(Messages.prepared());
    }

    @Benchmark
    public void stampAndCount() throws JMSException {
        stamps.stamp(AuditHeaders.id(RUN_TAG, 0, sequence), EpochClock.nanos());
        sequence++;
        counter.message();
    }
}
