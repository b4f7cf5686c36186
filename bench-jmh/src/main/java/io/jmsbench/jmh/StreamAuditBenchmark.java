package io.jmsbench.jmh;

import io.jmsbench.metrics.StreamAudit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/** The audit of one publisher's stream: in order (a healthy run), with some messages late, with some twice. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class StreamAuditBenchmark {

    /** One message in this many arrives one place late: a gap opens and closes again. */
    private static final int LATE_EVERY = 64;

    private final StreamAudit inOrder = new StreamAudit();
    private final StreamAudit reordered = new StreamAudit();
    private final StreamAudit duplicated = new StreamAudit();
    private long inOrderNext;
    private long reorderedNext;
    private long duplicatedNext;

    @Benchmark
    public void inOrder() {
        inOrder.record(inOrderNext++, false);
    }

    /**
     * Sequence numbers 0..61, 63, 62, 64..125, 127, 126, ...: one gap per 64 messages. Opening a
     * gap allocates (a TreeMap entry, two boxed bounds), so this costs bytes per gap, not per message.
     */
    @Benchmark
    public void reordered() {
        long n = reorderedNext++;
        long slot = n % LATE_EVERY;
        long seq = slot == LATE_EVERY - 2 ? n + 1 : slot == LATE_EVERY - 1 ? n - 1 : n;
        reordered.record(seq, false);
    }

    /** Sequence numbers 0..63, 63, 64..127, 127, ...: one message in 64 arrives twice (faults.repeatEvery: 64). */
    @Benchmark
    public void duplicated() {
        long n = duplicatedNext++;
        long block = n / (LATE_EVERY + 1);
        long slot = n % (LATE_EVERY + 1);
        duplicated.record(block * LATE_EVERY + Math.min(slot, LATE_EVERY - 1), false);
    }
}
