package io.jmsbench.jmh;

import io.jmsbench.metrics.StreamAudits;
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

import java.util.concurrent.TimeUnit;

/**
 * A queue's competing consumer recording its receipts ({@code StreamAudits.receipts}), as the
 * subscriber does per message: one consumer of three, so every third sequence number of one
 * publisher's stream. The bitmap's containers (8 KB per 65,536 sequence numbers at most) are the
 * receipts themselves, and are allocated as they fill: a fraction of a byte per message, not per message.
 * A fresh stream per iteration keeps the bitmap at one iteration's messages.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ReceiptsBenchmark {

    private StreamAudits receipts;
    private long next;

    @Setup(Level.Iteration)
    public void fresh() {
        receipts = StreamAudits.receipts(0);
        next = 0;
    }

    @Benchmark
    public void sharedQueue() {
        receipts.record(0, next, false);
        next += 3;
    }
}
