package io.jmsbench.run;

import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.SampleLine;
import io.jmsbench.report.SamplesLog;
import io.jmsbench.run.point.SampleSink;
import io.jmsbench.run.progress.ProgressView;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where one point's samples go as they are taken: a line of {@code samples.jsonl}, a line on the
 * progress line, and the interval's latencies appended to the point's {@code .hlog} in HdrHistogram's
 * log format, tagged with the phase.
 */
final class PointLog implements SampleSink, AutoCloseable {

    /** HistogramLogWriter's default: the max column in milliseconds for nanosecond histograms. */
    private static final double MICROS_PER_MILLI = 1000.0;

    private final int point;
    private final int repeat;
    private final SamplesLog samples;
    private final ProgressView progress;
    private final Path hlogFile;
    private PrintStream hlogStream;
    private HistogramLogWriter hlog;
    private long hlogBaseMillis;

    PointLog(int point, int repeat, SamplesLog samples, ProgressView progress, Path hlogFile) {
        this.point = point;
        this.repeat = repeat;
        this.samples = samples;
        this.progress = progress;
        this.hlogFile = hlogFile;
    }

    @Override
    public void accept(IntervalSample sample, LatencyInterval latency) throws IOException {
        samples.append(new SampleLine(point, repeat, sample));
        progress.sample(sample);
        if (latency != null) {
            log(sample, latency);
        }
    }

    /**
     * The line carries the agent's encoding as it arrived: compressing the histogram again
     * (HistogramLogWriter's way) cost more than all the rest of the merge.
     */
    private void log(IntervalSample sample, LatencyInterval latency) throws IOException {
        if (hlog == null) {
            hlogStream = new PrintStream(Files.newOutputStream(hlogFile), false, StandardCharsets.UTF_8);
            hlog = new HistogramLogWriter(hlogStream);
            hlog.outputComment("jmsbench end-to-end latency, nanoseconds, all subscribers merged; tags: phase");
            hlog.outputLogFormatVersion();
            hlog.outputStartTime(latency.startMillis());
            hlog.setBaseTime(latency.startMillis());
            hlog.outputLegend();
            hlogBaseMillis = latency.startMillis();
        }
        double maxMillis = Double.isNaN(sample.latencyMax()) ? 0 : sample.latencyMax() / MICROS_PER_MILLI;
        hlogStream.printf(Locale.ROOT, "Tag=%s,%.3f,%.3f,%.3f,%s%n", sample.phase(),
                (latency.startMillis() - hlogBaseMillis) / 1000.0, (latency.endMillis() - latency.startMillis()) / 1000.0,
                maxMillis, latency.histogram());
    }

    @Override
    public void close() {
        if (hlog != null) {
            hlog.close();
        }
    }
}
