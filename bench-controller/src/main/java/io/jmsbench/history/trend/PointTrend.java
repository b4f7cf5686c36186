package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.Lineage;

import java.util.List;

/**
 * One point of a scenario over the runs of one lineage (one fingerprint), oldest first, with every
 * metric's trend; {@code others} are the scenario's lineages left out, so an output can say so.
 */
public record PointTrend(String scenario, String pointKey, Lineage lineage, List<Lineage> others,
                         List<HistoryEntry> entries, List<MetricTrend> metrics) {

    public PointTrend {
        others = List.copyOf(others);
        entries = List.copyOf(entries);
        metrics = List.copyOf(metrics);
    }

    public List<ChangePoint> changes() {
        return metrics.stream().flatMap(m -> m.changes().stream()).toList();
    }
}
