package io.jmsbench.history.store;

/** One run's figures of one point, as a series holds them. */
public record HistoryEntry(RunRecord run, PointRecord point) {
}
