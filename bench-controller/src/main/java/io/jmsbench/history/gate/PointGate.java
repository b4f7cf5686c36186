package io.jmsbench.history.gate;

import java.util.List;

/**
 * One point of the new run against its history: how many comparable runs the history gave ({@code n},
 * at most the window asked for) and each metric's bound; {@code bounds} is empty when {@code n} is
 * below {@link HistoryGate#MIN_RUNS}.
 */
public record PointGate(String pointKey, int n, String verdict, List<MetricBound> bounds) {

    public PointGate {
        bounds = List.copyOf(bounds);
    }

    public boolean enough() {
        return n >= HistoryGate.MIN_RUNS;
    }

    public List<MetricBound> regressions() {
        return bounds.stream().filter(MetricBound::failsGate).toList();
    }

    public List<MetricBound> inconclusive() {
        return bounds.stream().filter(b -> b.verdict() == MetricBound.Verdict.INCONCLUSIVE).toList();
    }
}
