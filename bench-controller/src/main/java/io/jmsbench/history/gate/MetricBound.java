package io.jmsbench.history.gate;

import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.report.Measure;

/**
 * One metric of a new run against the history's runs: their number, mean and standard deviation,
 * the prediction bound a new run of the same distribution stays within 97.5% of the time (one side),
 * the new figure, its change from the mean, and what that amounts to. {@code sinceChange}: the runs
 * are those after the window's last change point, not the whole window.
 */
public record MetricBound(HistoryMetric metric, int n, double mean, double sd, double t, double bound, Measure next,
                          double relativeChange, double allowed, Verdict verdict, boolean sinceChange) {

    public enum Verdict {
        /** Within the bound, or beyond it by less than the threshold. */
        PASSES,
        /** Beyond the bound, but within the threshold: a change too small to fail the gate. */
        BEYOND_BOUND_WITHIN_THRESHOLD,
        /** Worse beyond the bound and the threshold: fails the gate. */
        REGRESSION,
        /** Would be a regression, but the new run was measured beside other work on its host. */
        INCONCLUSIVE,
        /** Shown, not gated: p50 and p99.9, the broker's CPU, a latency under saturated publishing, no threshold. */
        NOT_GATED,
        /** The new run or the history did not measure it. */
        NOT_MEASURED
    }

    public boolean failsGate() {
        return verdict == Verdict.REGRESSION;
    }
}
