package io.jmsbench.history.gate;

import io.jmsbench.history.store.Lineage;
import io.jmsbench.history.store.RunRecord;
import io.jmsbench.regression.GateRules;
import io.jmsbench.regression.RunComparison;

import java.util.List;

/**
 * A new run gated against its history: the history's name, the new run, the lineage it is judged
 * against (its own fingerprint's, unless one was named), the scenario's other lineages (left out,
 * said), the rules, the window asked for and every point's bounds. The source of the text and
 * Markdown outputs.
 */
public record HistoryComparison(String history, RunRecord next, Lineage against, List<Lineage> others,
                                GateRules rules, int window, List<PointGate> points) {

    /** Whether NEW is judged against runs of another fingerprint than its own (--history-lineage). */
    public boolean againstAnother() {
        return !against.fingerprint().equals(next.fingerprint());
    }

    public HistoryComparison {
        others = List.copyOf(others);
        points = List.copyOf(points);
    }

    /** Whether every point had enough history: otherwise the pairwise rule decides the whole run. */
    public boolean enough() {
        return !points.isEmpty() && points.stream().allMatch(PointGate::enough);
    }

    public RunComparison.Outcome outcome() {
        boolean notValid = rules.requireValid() && (!"completed".equals(next.status())
                || points.stream().anyMatch(p -> !"valid".equals(p.verdict())));
        if (notValid || points.stream().anyMatch(p -> !p.regressions().isEmpty())) {
            return RunComparison.Outcome.FAILED;
        }
        return points.stream().allMatch(p -> p.inconclusive().isEmpty()) ? RunComparison.Outcome.PASSED
                : RunComparison.Outcome.INCONCLUSIVE;
    }
}
