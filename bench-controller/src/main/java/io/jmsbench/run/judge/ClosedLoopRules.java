package io.jmsbench.run.judge;

import io.jmsbench.report.ClosedLoop;
import io.jmsbench.run.point.Warmup;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;

/**
 * The rules of {@code rate: sustainable}: the closed loop must have converged. The window at the
 * rate it holds is judged by every fixed-rate rule besides, its target being that rate
 * ({@link #heldRate}) and its backlog judged as a capacity point's, both ways.
 */
final class ClosedLoopRules {

    private ClosedLoopRules() {
    }

    /** A closed loop that ended its warm-up without converging. */
    static List<Finding> notConverged(PointFacts facts) {
        ClosedLoop loop = loop(facts);
        if (loop == null || loop.converged()) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.NOT_CONVERGED, "not converged: " + loop.reason()
                + ", so the window's rate is not the sustainable rate; the convergence path shows each step"));
    }

    /** The total rate the closed loop held for the window, msgs/s; NaN without one. */
    static double heldRate(PointFacts facts) {
        ClosedLoop loop = loop(facts);
        return loop == null ? Double.NaN : loop.rate();
    }

    private static ClosedLoop loop(PointFacts facts) {
        Warmup warmup = facts.observation().warmup();
        return warmup == null ? null : warmup.loop();
    }
}
