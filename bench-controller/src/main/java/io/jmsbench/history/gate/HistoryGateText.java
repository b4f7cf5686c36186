package io.jmsbench.history.gate;

import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.Lineage;
import io.jmsbench.history.trend.TrendWords;
import io.jmsbench.report.Figures;
import io.jmsbench.report.Measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A run gated against its history, as the terminal (text) and a pull request (Markdown) show it. */
public final class HistoryGateText {

    private HistoryGateText() {
    }

    public static String rule(HistoryComparison c) {
        return "a rate regresses when below its history's 95% prediction bound, mean - t * s * sqrt(1 + 1/N) (t: "
                + "Student's 97.5% quantile, N - 1 degrees of freedom), and more than " + Figures.percent(
                c.rules().maxRegression()) + " below the mean; p99 latency when above mean + t * s * sqrt(1 + 1/N) and "
                + "more than " + Figures.percent(c.rules().maxLatencyRegression()) + " above (at a fixed publish rate "
                + "only); N: the last " + c.window() + " comparable runs at most (same fingerprint, completed, not "
                + "beside other work" + (c.rules().requireValid() ? ", valid" : "") + "; those since the last change "
                + "point when " + HistoryGate.MIN_RUNS + " or more follow it), " + HistoryGate.MIN_RUNS + " at least";
    }

    public static String text(HistoryComparison c) {
        StringBuilder out = new StringBuilder();
        out.append("jmsbench compare --history: ").append(c.next().scenario()).append(", new run ")
                .append(c.next().runId()).append(" against ").append(c.history()).append('\n');
        out.append("  fingerprint ").append(c.next().fingerprint()).append(": ").append(c.next().fingerprintText())
                .append('\n');
        if (c.againstAnother()) {
            out.append("  judged against fingerprint ").append(c.against().fingerprint()).append(" (--history-lineage): ")
                    .append(c.against().fingerprintText()).append('\n')
                    .append("  latency not gated: the runs of another fingerprint may have measured it from another "
                            + "start (saturated against a fixed rate)\n");
        }
        leftOut(c).forEach(l -> out.append("  left out: ").append(l).append('\n'));
        out.append("  gate: ").append(rule(c)).append('\n');
        for (PointGate p : c.points()) {
            out.append('\n').append(p.pointKey()).append("   N = ").append(p.n()).append(" runs, new run ")
                    .append(p.verdict()).append('\n');
            out.append(String.format(Locale.ROOT, "  %-22s %-20s %-22s %-12s %8s  %s%n", "metric", "new",
                    "history mean ± s", "bound", "change", "verdict"));
            for (MetricBound b : p.bounds()) {
                out.append(String.format(Locale.ROOT, "  %-22s %-20s %-22s %-12s %8s  %s%n",
                        TrendWords.column(b.metric()), TrendWords.figure(b.metric(), b.next()), meanAndSd(b),
                        figure(b.metric(), b.bound()), TrendWords.change(b.relativeChange()), words(b)));
            }
        }
        out.append('\n');
        lines(c).forEach(l -> out.append(l).append('\n'));
        return out.append(sentence(c)).append('\n').toString();
    }

    public static String markdown(HistoryComparison c) {
        StringBuilder out = new StringBuilder();
        out.append("### jmsbench compare --history: ").append(c.next().scenario()).append("\n\n**")
                .append(sentence(c)).append("**\n\n");
        lines(c).forEach(l -> out.append("- ").append(l).append('\n'));
        for (PointGate p : c.points()) {
            out.append("\n#### ").append(p.pointKey()).append(" (N = ").append(p.n()).append(")\n\n")
                    .append("| metric | new | history mean ± s | bound | change | verdict |\n|---|---:|---:|---:|---:|---|\n");
            for (MetricBound b : p.bounds()) {
                out.append("| ").append(TrendWords.column(b.metric())).append(" | ")
                        .append(TrendWords.figure(b.metric(), b.next())).append(" | ").append(meanAndSd(b)).append(" | ")
                        .append(figure(b.metric(), b.bound())).append(" | ").append(TrendWords.change(b.relativeChange()))
                        .append(" | ").append(words(b)).append(" |\n");
            }
        }
        out.append("\n<details><summary>The rule</summary>\n\n").append(rule(c)).append(". History: `")
                .append(c.history()).append("`, fingerprint ").append(c.next().fingerprint()).append(".\n");
        leftOut(c).forEach(l -> out.append("\nLeft out: ").append(l).append('\n'));
        return out.append("\n</details>\n").toString();
    }

    /** One line per regression and per inconclusive metric. */
    static List<String> lines(HistoryComparison c) {
        List<String> out = new ArrayList<>();
        for (PointGate p : c.points()) {
            for (MetricBound b : p.bounds()) {
                if (b.verdict() == MetricBound.Verdict.REGRESSION || b.verdict() == MetricBound.Verdict.INCONCLUSIVE) {
                    out.add((b.failsGate() ? "REGRESSION " : "INCONCLUSIVE ") + p.pointKey() + ": "
                            + b.metric().label() + " " + TrendWords.figure(b.metric(), b.next()) + " " + b.metric().unit()
                            + ", " + (b.metric().direction() == HistoryMetric.Direction.HIGHER_IS_BETTER ? "below"
                            : "above") + " the 95% prediction bound " + figure(b.metric(), b.bound()) + " of the last "
                            + b.n() + " runs" + (b.sinceChange() ? " (since its last change point)" : "") + " (mean "
                            + figure(b.metric(), b.mean()) + ", s " + figure(b.metric(), b.sd()) + ") and " + TrendWords.change(b.relativeChange()) + ", beyond the "
                            + Figures.percent(b.allowed()) + " allowed" + (b.failsGate() ? ""
                            : ", but other work took the host's cores: measure it again on a quiet host"));
                }
            }
        }
        return out;
    }

    public static String sentence(HistoryComparison c) {
        long regressed = c.points().stream().filter(p -> !p.regressions().isEmpty()).count();
        long inconclusive = c.points().stream().filter(p -> !p.inconclusive().isEmpty()).count();
        String head = switch (c.outcome()) {
            case PASSED -> "gate passed: ";
            case FAILED -> "GATE FAILED: ";
            case INCONCLUSIVE -> "GATE INCONCLUSIVE (measure again on a quiet host): ";
        };
        return head + regressed + " of " + c.points().size() + (c.points().size() == 1 ? " point" : " points")
                + " beyond its history's prediction bound and the threshold" + (inconclusive == 0 ? ""
                : "; " + inconclusive + " inconclusive (measured beside other work)") + (c.rules().requireValid()
                && c.outcome() == io.jmsbench.regression.RunComparison.Outcome.FAILED && regressed == 0
                ? "; the new run is not valid (--require-valid)" : "");
    }

    private static List<String> leftOut(HistoryComparison c) {
        List<String> out = new ArrayList<>();
        for (Lineage l : c.others()) {
            out.add(l.runs() + (l.runs() == 1 ? " run" : " runs") + " of " + c.next().scenario() + " with fingerprint "
                    + l.fingerprint() + " (" + l.fingerprintText() + "): not comparable, not mixed in");
        }
        return out;
    }

    /** The history's mean ± s, and its N when only the runs since a change point count. */
    private static String meanAndSd(MetricBound b) {
        return Double.isNaN(b.mean()) ? "n/a" : figure(b.metric(), b.mean()) + " ± " + figure(b.metric(), b.sd())
                + (b.sinceChange() ? " (N " + b.n() + ")" : "");
    }

    private static String figure(HistoryMetric metric, double value) {
        return TrendWords.figure(metric, new Measure(value, Double.NaN, Measure.Basis.NONE));
    }

    private static String words(MetricBound b) {
        return switch (b.verdict()) {
            case PASSES -> "within the bound";
            case BEYOND_BOUND_WITHIN_THRESHOLD -> "beyond the bound, within " + Figures.percent(b.allowed());
            case REGRESSION -> "REGRESSION: beyond the bound and " + Figures.percent(b.allowed());
            case INCONCLUSIVE -> "inconclusive: beyond both, beside other work";
            case NOT_GATED -> "shown, not gated";
            case NOT_MEASURED -> "not measured";
        };
    }
}
