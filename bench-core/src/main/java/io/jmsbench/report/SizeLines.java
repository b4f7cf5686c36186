package io.jmsbench.report;

import io.jmsbench.report.MessageSizes.SizeHistogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A point's payload bytes in words, for the console, report.md and report.html alike. */
public final class SizeLines {

    private SizeLines() {
    }

    /** Bytes per second to the byte, as rates keep their units digit; "n/a" without the figure. */
    public static String bytesRate(MessageSizes sizes, boolean dispatched) {
        if (sizes == null) {
            return "n/a";
        }
        return Figures.rate(dispatched ? sizes.dispatchedBytesPerSecond() : sizes.receivedBytesPerSecond());
    }

    /**
     * {@code sizes sent over the whole run: 12,000 messages, mean 1,234 B, p50 ..., p90 ..., p99 ...,
     * from 64 to 9,999 B (a table of 1000 sizes drawn with seed 35, sent in turn)}; {@code null} with one size.
     */
    public static String summary(MessageSizes sizes) {
        if (sizes == null || sizes.histogram() == null) {
            return null;
        }
        SizeHistogram h = sizes.histogram();
        return String.format(Locale.ROOT, "sizes sent over the whole run: %s messages, mean %s B, p50 %s, p90 %s, "
                        + "p99 %s, from %s to %s B (%s)", Figures.count(h.messages()), Figures.rate(h.mean()),
                Figures.count(h.p50()), Figures.count(h.p90()), Figures.count(h.p99()), Figures.count(h.min()), Figures.count(h.max()),
                h.seed() == 0 ? "the " + h.tableLength() + " files, each in turn"
                        : "a table of " + h.tableLength() + " sizes drawn with seed " + h.seed() + ", sent in turn");
    }

    /** The histogram's rows: bytes up to, messages, share of all sent; empty with one size. */
    public static List<List<String>> bucketRows(MessageSizes sizes) {
        List<List<String>> rows = new ArrayList<>();
        if (sizes == null || sizes.histogram() == null) {
            return rows;
        }
        long all = sizes.histogram().buckets().stream().mapToLong(SizeHistogram.Bucket::count).sum();
        for (SizeHistogram.Bucket b : sizes.histogram().buckets()) {
            rows.add(List.of(Figures.count(b.upTo()), Figures.count(b.count()),
                    all == 0 ? "n/a" : Figures.percent((double) b.count() / all)));
        }
        return rows;
    }
}
