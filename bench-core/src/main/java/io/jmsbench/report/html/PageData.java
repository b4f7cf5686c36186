package io.jmsbench.report.html;

import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.report.ClaimLines;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.Environment;
import io.jmsbench.report.ModelRows;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.Validity;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything report.html shows, as one JSON value inlined in the page: the run's header (scenario
 * as run, versions, hosts, what was not measured), the validity thresholds the CPU chart draws,
 * the sweep, the claims' verdicts, the fitted model (one per compared set, and what a cell of their
 * table says) and every point. Built from the {@link Report} alone.
 */
record PageData(String schema, String runId, String status, String abortReason, String startedAt,
                String finishedAt, String scenarioFile, List<String> overrides, boolean valid, Scenario scenario,
                Environment environment, Validity validity, List<String> notMeasured, SweepView sweep,
                Model model, Map<String, Model> models, String modelCells, List<String> modelsNotFitted,
                List<ClaimView> claims, List<PointView> points) {

    /**
     * The cost model as {@link ModelRows} renders it, and its fit quality; {@code null} when none was
     * fitted.
     */
    record Model(ModelRows rows, Double rSquared, int pointsUsed, int degreesOfFreedom, Double looMedian,
                 Double looWorst, List<String> warnings) {

        static Model of(ModelFit m) {
            return m == null ? null : new Model(ModelRows.of(m), Numbers.of(m.rSquared(), 6), m.pointsUsed(),
                    m.degreesOfFreedom(), Numbers.of(m.looMedianRelativeError(), 4),
                    Numbers.of(m.looWorstRelativeError(), 4), m.warnings());
        }
    }

    /** A claim as report.md states it: the statement, its verdict and the reasons, each a sentence. */
    record ClaimView(String statement, String verdict, List<String> reasons) {

        static ClaimView of(ClaimResult c) {
            return new ClaimView(c.statement() + ClaimLines.note(c), c.verdict().name().toLowerCase(Locale.ROOT),
                    ClaimLines.reasons(c));
        }
    }

    private static Map<String, Model> models(Map<String, ModelFit> fits) {
        Map<String, Model> out = new LinkedHashMap<>();
        fits.forEach((set, fit) -> out.put(set, Model.of(fit)));
        return out;
    }

    static PageData of(Report report) {
        boolean showRepeat = report.repeat() > 1;
        List<PointView> points = report.points().stream().map((PointResult p) -> PointView.of(p, showRepeat))
                .toList();
        Validity validity = report.scenario() == null ? null : report.scenario().validity();
        return new PageData(report.schema(), report.runId(), report.status(), report.abortReason(),
                report.startedAt(), report.finishedAt(), report.scenarioFile(), report.overrides(), report.valid(),
                report.scenario(), report.environment(), validity, Unmeasured.of(report), SweepView.of(report),
                Model.of(report.model()), models(report.models()), ModelRows.CELLS,
                report.modelsNotFitted().stream().map(ModelNotFitted::sentence).toList(),
                report.claims().stream().map(ClaimView::of).toList(), points);
    }
}
