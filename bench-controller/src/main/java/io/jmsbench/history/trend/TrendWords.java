package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.Lineage;
import io.jmsbench.report.Figures;
import io.jmsbench.report.Measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The phrases the text, Markdown and HTML views of a trend share, so they all say the same thing. */
public final class TrendWords {

    /** The metrics the tables show; p99.9 is in the HTML page's charts only. */
    public static final List<HistoryMetric> TABLE = List.of(HistoryMetric.RECEIVED, HistoryMetric.DISPATCHED,
            HistoryMetric.OVERALL, HistoryMetric.P50, HistoryMetric.P99, HistoryMetric.BROKER_CPU);

    private TrendWords() {
    }

    public static String method() {
        return "change points by E-divisive means (permutation test, " + EDivisive.PERMUTATIONS + " shuffles, p <= "
                + EDivisive.ALPHA + ", at least " + EDivisive.MIN_SEGMENT + " runs a side, seed " + EDivisive.SEED
                + ") over the completed runs";
    }

    public static String header(PointTrend t) {
        return t.pointKey() + ": " + t.entries().size() + (t.entries().size() == 1 ? " run" : " runs")
                + " of fingerprint " + t.lineage().fingerprint();
    }

    /** What the lineage shares: the fingerprint's parts. */
    public static String same(Lineage l) {
        return l.fingerprintText();
    }

    /** The lineages left out, one sentence each. */
    public static List<String> leftOut(PointTrend t) {
        List<String> out = new ArrayList<>();
        for (Lineage l : t.others()) {
            out.add(l.runs() + (l.runs() == 1 ? " run" : " runs") + " of " + t.scenario() + " with fingerprint "
                    + l.fingerprint() + " not mixed in (" + l.fingerprintText() + "): see them with --fingerprint "
                    + l.fingerprint());
        }
        return out;
    }

    public static String figure(HistoryMetric metric, Measure m) {
        if (!m.measured()) {
            return "n/a";
        }
        return metric == HistoryMetric.BROKER_CPU ? Figures.cores(m.value())
                + (m.hasInterval() ? " ± " + Figures.cores(m.halfWidth()) : "") : Figures.rate(m.value(), m.halfWidth());
    }

    public static String column(HistoryMetric metric) {
        return metric.label() + " " + metric.unit();
    }

    public static String started(HistoryEntry e) {
        String s = e.run().startedAt();
        return s.length() >= 16 ? s.substring(0, 10) + " " + s.substring(11, 16) : s;
    }

    public static String commit(HistoryEntry e) {
        return e.run().commit() == null ? "-" : ChangePoint.short7(e.run().commit());
    }

    /** A run's verdict, and its status when it did not complete. */
    public static String verdict(HistoryEntry e) {
        return e.point().verdict() + ("completed".equals(e.run().status()) ? "" : " (" + e.run().status() + ")");
    }

    /** The change points found at run {@code index}: {@code received -10.4%}. */
    public static String marks(PointTrend t, int index) {
        List<String> marks = new ArrayList<>();
        for (ChangePoint c : t.changes()) {
            if (c.index() == index) {
                marks.add(c.metric().label() + " " + change(c.relativeChange()));
            }
        }
        return String.join(", ", marks);
    }

    public static String change(double relative) {
        return Double.isNaN(relative) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * relative);
    }

    /** One change point in a sentence: the metric, the runs on each side, the means and the commits. */
    public static String changePoint(PointTrend t, ChangePoint c) {
        return c.metric().label() + ": from run #" + (t.entries().indexOf(c.after()) + 1) + " (" + c.after().run().runId()
                + ", commit " + commit(c.after()) + "), after #" + (t.entries().indexOf(c.before()) + 1) + " ("
                + c.before().run().runId() + ", commit " + commit(c.before()) + "): mean "
                + figure(c.metric(), new Measure(c.meanBefore(), Double.NaN, Measure.Basis.NONE)) + " -> "
                + figure(c.metric(), new Measure(c.meanAfter(), Double.NaN, Measure.Basis.NONE)) + " " + c.metric().unit()
                + " (" + change(c.relativeChange()) + ", p = " + String.format(Locale.ROOT, "%.3f", c.pValue()) + "); "
                + c.commits();
    }
}
