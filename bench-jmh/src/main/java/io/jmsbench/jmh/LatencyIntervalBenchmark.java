package io.jmsbench.jmh;

import io.jmsbench.metrics.HistogramEncoder;
import io.jmsbench.metrics.Histograms;
import org.HdrHistogram.Histogram;
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

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * The subscriber agent's once-a-second {@code /latency} answer before it goes out as JSON: every
 * client's interval histogram merged into one and encoded ({@code SubscriberPool.latency}), for
 * one client's second at 17,000 msgs/s with latencies from 50 µs to 5 ms. {@link #fresh}: a new
 * merge histogram and a new encoding buffer per call, as it was, the histogram growing to the
 * latencies' range each time; {@link #reused}: one merge histogram, reset per call, and one
 * {@link HistogramEncoder}, as it is. Once a second, so µs, not ns, matter.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LatencyIntervalBenchmark {

    private final Histogram client = Histograms.empty();
    private final Histogram merged = Histograms.empty();
    private final HistogramEncoder encoder = new HistogramEncoder();

    @Setup
    public void prepare() {
        SplittableRandom random = new SplittableRandom(47);
        for (int i = 0; i < 17_000; i++) {
            client.recordValue((long) (50_000 * Math.exp(random.nextDouble() * Math.log(100))));
        }
    }

    @Benchmark
    public String fresh() {
        Histogram m = Histograms.empty();
        m.add(client);
        return Histograms.encode(m);
    }

    @Benchmark
    public String reused() {
        merged.reset();
        merged.add(client);
        return encoder.encode(merged);
    }
}
