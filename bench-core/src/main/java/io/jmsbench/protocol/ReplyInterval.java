package io.jmsbench.protocol;

/**
 * {@code GET /replies}: what the requesters of a publisher agent got back. {@code replies} is
 * cumulative since they connected (each a reply to one of their own requests); {@code histogram}
 * holds the round trips (nanoseconds, from each request's stamped send time to its reply's
 * arrival) recorded since the previous call, merged exactly and encoded (by metrics.Histograms);
 * interval edges in epoch milliseconds.
 */
public record ReplyInterval(long startMillis, long endMillis, long replies, long count, String histogram) {
}
