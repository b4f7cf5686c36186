package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A point's payload bytes: the window's received and dispatched rates in bytes/s (each message
 * rate times {@code meanSize}, the mean payload of the messages the publishers sent in the
 * window), and, when the size varies, the {@code histogram} of the sizes sent over the whole run
 * ({@code null} with one size).
 */
public record MessageSizes(double meanSize, double receivedBytesPerSecond, double dispatchedBytesPerSecond,
                           @JsonInclude(JsonInclude.Include.NON_NULL) SizeHistogram histogram) {

    /** One size for every message. */
    public static MessageSizes fixed(int size, double receivedRate, double dispatchedRate) {
        return new MessageSizes(size, receivedRate * size, dispatchedRate * size, null);
    }

    /**
     * Sizes that vary: {@code sent[i]} messages of {@code table[i]} bytes over the run, and
     * {@code windowMean} the mean size sent in the window (NaN when unknown: the run's mean stands for it).
     */
    public static MessageSizes varying(int[] table, long[] sent, long seed, double windowMean, double receivedRate,
                                       double dispatchedRate) {
        SizeHistogram histogram = SizeHistogram.of(table, sent, seed);
        double mean = Double.isNaN(windowMean) ? histogram.mean() : windowMean;
        return new MessageSizes(mean, receivedRate * mean, dispatchedRate * mean, histogram);
    }

    /**
     * The sizes sent over the whole run, warm-up and drain included, counted from each publisher
     * client's sent messages and where it started in the table of {@code tableLength} sizes drawn
     * with {@code seed} (0 for files): {@code buckets} count the messages of each power-of-two range
     * (a bucket holds the sizes above the previous one's {@code upTo}, up to its own), then the
     * mean and percentiles in bytes. With no message sent they are the table's own.
     */
    public record SizeHistogram(long seed, int tableLength, long messages, double mean, long min, long p50, long p90,
                                long p99, long max, List<Bucket> buckets) {

        public record Bucket(long upTo, long count) {
        }

        public SizeHistogram {
            buckets = List.copyOf(buckets);
        }

        static SizeHistogram of(int[] table, long[] sent, long seed) {
            long total = Arrays.stream(sent).sum();
            long[] weights = total == 0 ? ones(table.length) : sent;
            long count = Arrays.stream(weights).sum();
            Integer[] order = new Integer[table.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingInt(i -> table[i]));
            double bytes = 0;
            List<Bucket> buckets = new ArrayList<>();
            long[] percentiles = new long[3];
            double[] ranks = {0.50 * count, 0.90 * count, 0.99 * count};
            long seen = 0;
            for (int i : order) {
                long n = weights[i];
                bytes += (double) table[i] * n;
                for (int p = 0; p < ranks.length; p++) {
                    if (seen < Math.ceil(ranks[p]) && seen + n >= Math.ceil(ranks[p])) {
                        percentiles[p] = table[i];
                    }
                }
                seen += n;
                long upTo = upTo(table[i]);
                if (!buckets.isEmpty() && buckets.get(buckets.size() - 1).upTo() == upTo) {
                    Bucket last = buckets.remove(buckets.size() - 1);
                    buckets.add(new Bucket(upTo, last.count() + n));
                } else {
                    buckets.add(new Bucket(upTo, n));
                }
            }
            return new SizeHistogram(seed, table.length, total, count == 0 ? 0 : bytes / count, table[order[0]],
                    percentiles[0], percentiles[1], percentiles[2], table[order[order.length - 1]], buckets);
        }

        /** The power of two at or above {@code size}: its bucket's upper bound. */
        public static long upTo(long size) {
            return size <= 1 ? size : Long.highestOneBit(size - 1) << 1;
        }

        private static long[] ones(int length) {
            long[] ones = new long[length];
            Arrays.fill(ones, 1);
            return ones;
        }
    }
}
