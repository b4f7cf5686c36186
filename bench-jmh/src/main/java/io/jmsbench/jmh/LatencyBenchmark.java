package io.jmsbench.jmh;

import io.jmsbench.metrics.EpochClock;
import io.jmsbench.metrics.Histograms;
import org.HdrHistogram.SingleWriterRecorder;
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

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/** A subscriber's latency line: read the clock, record now minus the stamped send time. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LatencyBenchmark {

    private static final int SEND_TIMES = 4096;

    private final SingleWriterRecorder latency = new SingleWriterRecorder(Histograms.DIGITS);
    private final long[] sentAt = new long[SEND_TIMES];
    private final long[] latencies = new long[SEND_TIMES];
    private int next;

    /**
     * Latencies spread log-uniformly over 50 µs to 50 ms (plus the iteration's age), so that
     * recording hits many buckets, as in a run, rather than one cached counter.
     */
    @Setup(Level.Iteration)
    public void sendTimes() {
        SplittableRandom random = new SplittableRandom(42);
        long now = EpochClock.nanos();
        for (int i = 0; i < SEND_TIMES; i++) {
            latencies[i] = (long) (50_000 * Math.pow(1_000, random.nextDouble()));
            sentAt[i] = now - latencies[i];
        }
    }

    /** CountingSubscriber's line: the clock, then the recorder. */
    @Benchmark
    public void record() {
        long sent = sentAt[next++ & (SEND_TIMES - 1)];
        latency.recordValue(Math.max(0, EpochClock.nanos() - sent));
    }

    /** The recorder alone (latencies known in advance), to tell its share from the clock's. */
    @Benchmark
    public void recorderOnly() {
        latency.recordValue(latencies[next++ & (SEND_TIMES - 1)]);
    }

    /** The clock alone: System.nanoTime() behind it costs what this machine's clock source costs. */
    @Benchmark
    public long clockOnly() {
        return EpochClock.nanos();
    }
}
