package io.jmsbench.protocol;

/**
 * {@code GET /latency}: the end-to-end latencies (nanoseconds) every client of a subscriber agent
 * recorded since the previous call, merged exactly into one histogram, encoded
 * (by metrics.Histograms); interval edges in epoch milliseconds.
 */
public record LatencyInterval(long startMillis, long endMillis, long count, String histogram) {
}
