package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.store.HistoryQueries;
import io.jmsbench.history.store.Lineage;
import io.jmsbench.report.Measure;
import io.jmsbench.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A scenario's trends read from the history: one lineage (the newest unless one is named), never
 * two mixed; each of its points (or the one named); each metric's change points over its completed
 * runs (an aborted run's figures are partial, and are shown but not searched).
 */
public final class Trends {

    private Trends() {
    }

    public static List<PointTrend> of(HistoryQueries history, String scenario, String point, String fingerprint)
            throws HistoryProblem {
        List<Lineage> lineages = history.lineages(scenario);
        if (lineages.isEmpty()) {
            List<String> known = history.scenarios();
            throw new HistoryProblem("no run of scenario '" + scenario + "' in the history" + (known.isEmpty()
                    ? " (it is empty: record runs with jmsbench run, or jmsbench history import DIR)"
                    : " (it holds " + String.join(", ", known) + ")"));
        }
        Lineage chosen = fingerprint == null ? lineages.get(0) : lineages.stream()
                .filter(l -> l.fingerprint().startsWith(fingerprint)).findFirst().orElseThrow(() -> new HistoryProblem(
                        "--fingerprint " + fingerprint + ": no run of " + scenario + " has it (its fingerprints: "
                                + lineages.stream().map(Lineage::fingerprint).collect(Collectors.joining(", ")) + ")"));
        List<Lineage> others = lineages.stream().filter(l -> l != chosen).toList();
        List<String> keys = history.pointKeys(scenario, chosen.fingerprint());
        if (point != null) {
            if (!keys.contains(point)) {
                throw new HistoryProblem("--point '" + point + "': no such point in " + scenario + "'s runs (its points: "
                        + String.join(", ", keys) + ")");
            }
            keys = List.of(point);
        }
        List<PointTrend> out = new ArrayList<>();
        for (String key : keys) {
            List<HistoryEntry> entries = history.series(scenario, chosen.fingerprint(), key);
            out.add(new PointTrend(scenario, key, chosen, others, entries, metrics(entries)));
        }
        return out;
    }

    static List<MetricTrend> metrics(List<HistoryEntry> entries) {
        List<MetricTrend> out = new ArrayList<>();
        for (HistoryMetric metric : HistoryMetric.values()) {
            List<Measure> values = entries.stream().map(e -> e.point().figure(metric)).toList();
            List<Integer> searched = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                if (values.get(i).measured() && Report.COMPLETED.equals(entries.get(i).run().status())) {
                    searched.add(i);
                }
            }
            double[] series = searched.stream().mapToDouble(i -> values.get(i).value()).toArray();
            List<EDivisive.Split> splits = EDivisive.find(series);
            List<ChangePoint> changes = new ArrayList<>();
            for (int k = 0; k < splits.size(); k++) {
                int at = splits.get(k).index();
                int from = k == 0 ? 0 : splits.get(k - 1).index();
                int to = k == splits.size() - 1 ? series.length : splits.get(k + 1).index();
                changes.add(new ChangePoint(metric, searched.get(at), splits.get(k).pValue(), mean(series, from, at),
                        mean(series, at, to), entries.get(searched.get(at - 1)), entries.get(searched.get(at))));
            }
            out.add(new MetricTrend(metric, values, changes));
        }
        return out;
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }
}
