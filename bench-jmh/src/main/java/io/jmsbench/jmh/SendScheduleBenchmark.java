package io.jmsbench.jmh;

import io.jmsbench.protocol.RateStep;
import io.jmsbench.rate.FixedRate;
import io.jmsbench.rate.Pacer;
import io.jmsbench.rate.SendSchedule;
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

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a publisher on a rate profile adds per message: the due time of its next message from
 * {@link SendSchedule} (a hold, a ramp and bursts held to the end: the burst's closed form on
 * almost every call), against the fixed rate's {@code k x interval}, bare and through the
 * {@link Pacer} interface as a publisher asks it (one kind of pacer per run: a monomorphic call).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SendScheduleBenchmark {

    private static final long S = 1_000_000_000L;
    private static final long INTERVAL = 100_000;
    private SendSchedule schedule;
    private Pacer fixedRate;
    private long sequence;

    @Setup
    public void prepare() {
        schedule = SendSchedule.of(List.of(RateStep.hold(10_000, 2 * S), RateStep.ramp(10_000, 50_000, 5 * S),
                RateStep.burst(50_000, 200_000, S / 2, 3 * S, 0)));
        fixedRate = new FixedRate(INTERVAL);
    }

    @Benchmark
    public long profileDue() {
        return schedule.dueNanos(sequence++);
    }

    @Benchmark
    public long fixedRateDue() {
        return sequence++ * INTERVAL;
    }

    @Benchmark
    public long fixedRatePacer() {
        return fixedRate.dueNanos(sequence++);
    }
}
