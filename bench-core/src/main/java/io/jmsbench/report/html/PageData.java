package io.jmsbench.report.html;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.Environment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.Validity;

import java.util.List;

/**
 * Everything report.html shows, as one JSON value inlined in the page: the run's header (scenario
 * as run, versions, hosts, what was not measured), the validity thresholds the CPU chart draws,
 * the sweep, the fitted model and every point. Built from the {@link Report} alone.
 */
record PageData(String schema, String runId, String status, String abortReason, String startedAt,
                String finishedAt, String scenarioFile, List<String> overrides, boolean valid, Scenario scenario,
                Environment environment, Validity validity, List<String> notMeasured, SweepView sweep,
                Model model, List<PointView> points) {

    /** The cost model's parameters, seconds, and its fit quality; {@code null} when none was fitted. */
    record Model(double tRcv, double tFltr, double tTx, Double rSquared, int pointsUsed, List<String> warnings) {

        static Model of(ModelFit m) {
            return m == null ? null : new Model(m.tRcv(), m.tFltr(), m.tTx(), Numbers.of(m.rSquared(), 6),
                    m.pointsUsed(), m.warnings());
        }
    }

    static PageData of(Report report) {
        boolean showRepeat = report.repeat() > 1;
        List<PointView> points = report.points().stream().map((PointResult p) -> PointView.of(p, showRepeat))
                .toList();
        Validity validity = report.scenario() == null ? null : report.scenario().validity();
        return new PageData(report.schema(), report.runId(), report.status(), report.abortReason(),
                report.startedAt(), report.finishedAt(), report.scenarioFile(), report.overrides(), report.valid(),
                report.scenario(), report.environment(), validity, Unmeasured.of(report), SweepView.of(report),
                Model.of(report.model()), points);
    }
}
