package io.jmsbench.run.search;

import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointResult;
import io.jmsbench.scenario.SearchSpec;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.verdict.Finding;

import java.util.List;

/**
 * What the pass rule needs of one fixed-rate point: the total rate asked ({@code target}), the
 * window's sent and dispatched rates, the expected replication grade, the noise of the backlog's
 * change a second ({@code backlogNoise}, the 95% half-width by batch means over the window's
 * seconds of {@code sent x grade - dispatched}; NaN with too few seconds), the searched latency
 * percentile in microseconds (NaN when none was measured or none is searched) and the judge's
 * findings.
 */
public record StepFigures(double target, double sent, double dispatched, double expectedGrade, double backlogNoise,
                          double latencyMicros, List<Finding> findings) {

    private static final String WINDOW = "measure";

    public StepFigures {
        findings = List.copyOf(findings);
    }

    public static StepFigures of(PointResult p, double target, SearchSpec spec) {
        double grade = p.rates().replicationGrade().expected();
        double[] backlog = p.samples().stream().filter(s -> WINDOW.equals(s.phase()))
                .mapToDouble(s -> s.sendRate() * grade - s.receiveRate()).filter(v -> !Double.isNaN(v)).toArray();
        return new StepFigures(target, p.rates().received().rate(), p.rates().dispatched().rate(), grade,
                BatchMeans.of(backlog).halfWidth(), latency(p.delivery().latency(), spec.latency()), p.judgement().findings());
    }

    /** The searched percentile of {@code latency} in µs; NaN without a bound or without a measured message. */
    static double latency(LatencyFigures latency, SearchSpec.Percentile percentile) {
        if (percentile == null || latency == null || latency.count() == 0) {
            return Double.NaN;
        }
        return switch (percentile) {
            case P50 -> latency.p50();
            case P90 -> latency.p90();
            case P99 -> latency.p99();
            case P999 -> latency.p999();
            case P9999 -> latency.p9999();
        };
    }
}
