package io.jmsbench.history.store;

import io.jmsbench.report.Measure;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One point of one run, its repeats taken together as {@code compare} takes them: its verdict (the
 * worst of the repeats'), every finding's code once, and each metric's figure with its 95% interval
 * where it has one. {@code pointKey} names the point as {@code compare} does: the scenario, and its
 * parameters when it has any.
 */
public record PointRecord(String pointKey, int repeats, String verdict, List<String> findings,
                          Map<HistoryMetric, Measure> figures) {

    public PointRecord {
        findings = List.copyOf(findings);
        figures = figures.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(figures));
    }

    public Measure figure(HistoryMetric metric) {
        return figures.getOrDefault(metric, Measure.NOT_MEASURED);
    }

    public boolean valid() {
        return "valid".equals(verdict);
    }
}
