package io.jmsbench.report.html;

import io.jmsbench.model.Estimate;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.report.ClaimLines;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.Environment;
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
 * the sweep, the claims' verdicts, the fitted model (one per compared set) and every point. Built
 * from the {@link Report} alone.
 */
record PageData(String schema, String runId, String status, String abortReason, String startedAt,
                String finishedAt, String scenarioFile, List<String> overrides, boolean valid, Scenario scenario,
                Environment environment, Validity validity, List<String> notMeasured, SweepView sweep,
                Model model, Map<String, Model> models, List<String> modelsNotFitted, List<ClaimView> claims,
                List<PointView> points) {

    /**
     * The cost model's parameters, seconds, with their 95% intervals where the report has them, and
     * its fit quality; {@code null} when none was fitted.
     */
    record Model(double tRcv, double tFltr, double tTx, List<EstimateView> estimates, Double rSquared,
                 int pointsUsed, int degreesOfFreedom, int excluded, Double looMedian, Double looWorst,
                 List<String> warnings) {

        static Model of(ModelFit m) {
            return m == null ? null : new Model(m.tRcv(), m.tFltr(), m.tTx(),
                    m.estimates().stream().map(EstimateView::of).toList(), Numbers.of(m.rSquared(), 6),
                    m.pointsUsed(), m.degreesOfFreedom(), m.excluded().size(),
                    Numbers.of(m.looMedianRelativeError(), 4), Numbers.of(m.looWorstRelativeError(), 4),
                    m.warnings());
        }
    }

    /** One parameter: seconds, {@code null} where there is no interval. */
    record EstimateView(String name, double value, Double low95, Double high95, boolean clamped,
                        boolean excludesZero) {

        static EstimateView of(Estimate e) {
            return new EstimateView(e.name(), e.value(), Numbers.finite(e.low95()), Numbers.finite(e.high95()),
                    e.clamped(), e.excludesZero());
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
                Model.of(report.model()), models(report.models()),
                report.modelsNotFitted().stream().map(ModelNotFitted::sentence).toList(),
                report.claims().stream().map(ClaimView::of).toList(), points);
    }
}
