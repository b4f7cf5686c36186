package io.jmsbench.history.gate;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.PointRecord;
import io.jmsbench.history.store.RunRecord;
import io.jmsbench.history.trend.EDivisive;
import io.jmsbench.regression.GateRules;
import io.jmsbench.report.Measure;
import io.jmsbench.report.Report;
import io.jmsbench.report.Stat;
import io.jmsbench.stats.StudentT;

import java.util.ArrayList;
import java.util.List;

/**
 * A new run judged against the distribution of the runs before it, instead of against one of them.
 *
 * <p>For each gated metric, the history's last N comparable runs give a mean m and a standard
 * deviation s. A new run from the same distribution lies above the one-sided prediction bound
 * m − t · s · √(1 + 1/N) 97.5% of the time (t: Student's 97.5% quantile on N − 1 degrees of
 * freedom; the normal-theory prediction interval for one new observation); a rate below it, and
 * more than the threshold below m, is a regression. A latency mirrors it (above m + t · s · √(1 + 1/N)).
 * The run-to-run spread s holds the machine's own noise, which one pair of runs cannot show: on a
 * quiet history the bound is close and a small fall is seen; on a noisy one it is wide and the gate
 * does not cry wolf. Below {@link #MIN_RUNS} runs s says too little, and the caller falls back to the
 * pairwise rule. When the window holds a change point with at least {@link #MIN_RUNS} runs after it,
 * only those count ({@link #sinceLastChange}).
 *
 * <p>Comparable runs: the same fingerprint (the caller's query), completed, not the new run itself,
 * started before it, and not measured beside other work ({@code CPU_RULE_FOREIGN_LOAD}, which
 * {@code compare} calls inconclusive too); with {@code requireValid}, valid points only.
 */
public final class HistoryGate {

    /** The fewest comparable runs the history rule judges by. */
    public static final int MIN_RUNS = 5;
    /** The runs it takes by default: the last 20, so an old level ages out. */
    public static final int DEFAULT_WINDOW = 20;
    private static final String FOREIGN_LOAD = "CPU_RULE_FOREIGN_LOAD";

    private HistoryGate() {
    }

    /** The last {@code window} runs of {@code series} that may judge {@code next}. */
    public static List<HistoryEntry> sample(List<HistoryEntry> series, RunRecord next, int window,
                                            boolean requireValid) {
        List<HistoryEntry> usable = series.stream()
                .filter(e -> !e.run().runKey().equals(next.runKey()))
                .filter(e -> Report.COMPLETED.equals(e.run().status()))
                .filter(e -> e.run().startedAt().compareTo(next.startedAt()) < 0)
                .filter(e -> !e.point().findings().contains(FOREIGN_LOAD))
                .filter(e -> !requireValid || e.point().valid())
                .toList();
        return usable.subList(Math.max(0, usable.size() - window), usable.size());
    }

    /** Whether a point was measured beside other work on its host. */
    public static boolean disturbed(PointRecord p) {
        return p.findings().contains(FOREIGN_LOAD);
    }

    /**
     * {@code next} against {@code sample}. {@code latencyGated}: its latency was measured from the
     * intended send time (at a fixed rate), the only latency {@code compare} gates.
     */
    public static PointGate judge(PointRecord next, List<HistoryEntry> sample, GateRules rules, boolean latencyGated) {
        if (sample.size() < MIN_RUNS) {
            return new PointGate(next.pointKey(), sample.size(), next.verdict(), List.of());
        }
        List<MetricBound> bounds = new ArrayList<>();
        for (HistoryMetric metric : HistoryMetric.values()) {
            bounds.add(bound(metric, next, sample, rules, latencyGated));
        }
        return new PointGate(next.pointKey(), sample.size(), next.verdict(), bounds);
    }

    private static MetricBound bound(HistoryMetric metric, PointRecord next, List<HistoryEntry> sample, GateRules rules,
                                     boolean latencyGated) {
        Measure now = next.figure(metric);
        List<Double> values = sinceLastChange(sample.stream().map(e -> e.point().figure(metric).value())
                .filter(v -> !Double.isNaN(v)).toList());
        boolean sinceChange = values.size() < sample.stream().filter(e -> e.point().figure(metric).measured()).count();
        Stat stat = Stat.of(values);
        boolean rate = metric.direction() == HistoryMetric.Direction.HIGHER_IS_BETTER;
        double allowed = rate ? rules.maxRegression() : rules.maxLatencyRegression();
        if (!now.measured() || stat.n() < MIN_RUNS || stat.mean() == 0) {
            return new MetricBound(metric, stat.n(), stat.mean(), stat.sd(), Double.NaN, Double.NaN, now, Double.NaN,
                    allowed, MetricBound.Verdict.NOT_MEASURED, sinceChange);
        }
        double t = StudentT.quantile975(stat.n() - 1);
        double margin = t * stat.sd() * Math.sqrt(1 + 1.0 / stat.n());
        double bound = rate ? stat.mean() - margin : stat.mean() + margin;
        double relative = (now.value() - stat.mean()) / stat.mean();
        boolean gated = rate || metric == HistoryMetric.P99 && latencyGated;
        MetricBound.Verdict verdict;
        if (!gated || Double.isNaN(allowed)) {
            verdict = MetricBound.Verdict.NOT_GATED;
        } else {
            boolean beyondBound = rate ? now.value() < bound : now.value() > bound;
            boolean beyondThreshold = rate ? relative < -allowed : relative > allowed;
            verdict = !beyondBound ? MetricBound.Verdict.PASSES
                    : !beyondThreshold ? MetricBound.Verdict.BEYOND_BOUND_WITHIN_THRESHOLD
                    : disturbed(next) ? MetricBound.Verdict.INCONCLUSIVE : MetricBound.Verdict.REGRESSION;
        }
        return new MetricBound(metric, stat.n(), stat.mean(), stat.sd(), t, bound, now, relative, allowed, verdict,
                sinceChange);
    }

    /**
     * The values since the window's last change point (E-divisive means, as {@code history show} finds
     * them), when at least {@link #MIN_RUNS} follow it: the distribution a new run is judged against is
     * the current level's, not a mix of two levels, whose spread would hide a fall. With fewer after
     * it, the whole window.
     */
    static List<Double> sinceLastChange(List<Double> values) {
        List<EDivisive.Split> splits = EDivisive.find(values.stream().mapToDouble(Double::doubleValue).toArray());
        if (splits.isEmpty()) {
            return values;
        }
        int last = splits.get(splits.size() - 1).index();
        return values.size() - last >= MIN_RUNS ? values.subList(last, values.size()) : values;
    }
}
