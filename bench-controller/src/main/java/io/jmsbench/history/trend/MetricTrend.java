package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.report.Measure;

import java.util.List;

/** One metric over a point's runs: a figure per run (not measured where it has none) and its change points. */
public record MetricTrend(HistoryMetric metric, List<Measure> values, List<ChangePoint> changes) {

    public MetricTrend {
        values = List.copyOf(values);
        changes = List.copyOf(changes);
    }

    public boolean measured() {
        return values.stream().anyMatch(Measure::measured);
    }
}
