package io.jmsbench.run.point;

import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.IntervalSample;

import java.io.IOException;

/** Where a point's per-second samples go as they are taken: samples.jsonl, the console, the latency log. */
@FunctionalInterface
public interface SampleSink {

    /** {@code latency}: the interval's latencies as the subscribers sent them ({@code null}: none came). */
    void accept(IntervalSample sample, LatencyInterval latency) throws IOException;
}
