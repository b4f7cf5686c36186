package io.jmsbench.run;

import io.jmsbench.Versions;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.report.Environment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointSummary;
import io.jmsbench.report.Report;
import io.jmsbench.report.SearchResult;
import io.jmsbench.report.claims.ClaimEvaluator;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.Facts;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A run's report from its point results: environment, per-point summaries over repeats, the model fit,
 * the verdicts on the scenario's claims.
 */
final class RunReports {

    private RunReports() {
    }

    static Report of(ScenarioPlan plan, RunDirectory directory, Path scenarioFile, List<String> overrides,
                     String startedAt, DiskBenchmark.Result disk, List<PointResult> results, String abortReason,
                     SearchResult search) {
        Environment environment = Environment.of(Versions.JMSBENCH, Versions.ACTIVEMQ, Versions.QPID_JMS, Facts.host(),
                Facts.jvm(), disk, results.stream().map(PointResult::environment).toList());
        boolean completed = abortReason == null;
        List<PointSummary> summary = new ArrayList<>();
        if (search != null) {
            // a search's points: one per rate, in the order first run, its confirming repeat beside it
            Map<Map<String, Object>, List<PointResult>> byRate = new LinkedHashMap<>();
            results.forEach(r -> byRate.computeIfAbsent(r.key().parameters(), k -> new ArrayList<>()).add(r));
            int index = 0;
            for (List<PointResult> repeats : byRate.values()) {
                summary.add(PointSummary.of(index++, repeats));
            }
        } else {
            for (ScenarioPlan.Point point : plan.points()) {
                List<PointResult> repeats = results.stream().filter(r -> r.key().parameters().equals(point.parameters()))
                        .toList();
                if (!repeats.isEmpty()) {
                    summary.add(PointSummary.of(point.index(), repeats));
                }
            }
        }
        Map<String, ModelFit> models = ModelFits.byComparedSet(results);
        boolean compared = plan.sweep().containsKey(ScenarioPlan.COMPARE);
        ModelFit model = compared ? null : ModelFits.of(results);
        List<ModelNotFitted> notFitted = compared ? ModelFits.notFittedByComparedSet(results)
                : model != null ? List.of() : Stream.ofNullable(ModelFits.notFitted(null, results)).toList();
        return new Report(Report.SCHEMA, directory.runId(), completed ? Report.COMPLETED : Report.ABORTED, abortReason,
                startedAt, Instant.now().toString(), scenarioFile.toString(), plan.contentSha256(), overrides, plan.base(), plan.sweep(),
                plan.repeat(), environment, completed && results.stream().allMatch(point -> point.judgement().valid()), results,
                summary, model, search, ClaimEvaluator.evaluate(plan.claims(), plan.sweep(), results),
                models, notFitted);
    }
}
