package io.jmsbench.run;

import io.jmsbench.Versions;
import io.jmsbench.model.ModelFit;
import io.jmsbench.report.Environment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointSummary;
import io.jmsbench.report.Report;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.Facts;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A run's report from its point results: environment, per-point summaries over repeats, the model fit. */
final class RunReports {

    private RunReports() {
    }

    static Report of(ScenarioPlan plan, RunDirectory directory, Path scenarioFile, List<String> overrides,
                     String startedAt, DiskBenchmark.Result disk, List<PointResult> results, String abortReason) {
        Environment environment = Environment.of(Versions.JMSBENCH, Versions.ACTIVEMQ, Versions.QPID_JMS, Facts.host(),
                Facts.jvm(), disk, results.stream().map(PointResult::environment).toList());
        boolean completed = abortReason == null;
        List<PointSummary> summary = new ArrayList<>();
        for (ScenarioPlan.Point point : plan.points()) {
            List<PointResult> repeats = results.stream().filter(r -> r.parameters().equals(point.parameters())).toList();
            if (!repeats.isEmpty()) {
                summary.add(PointSummary.of(point.index(), repeats));
            }
        }
        ModelFit model = ModelFits.of(results);
        return new Report(Report.SCHEMA, directory.runId(), completed ? Report.COMPLETED : Report.ABORTED, abortReason,
                startedAt, Instant.now().toString(), scenarioFile.toString(), overrides, plan.base(), plan.sweep(),
                plan.repeat(), environment, completed && results.stream().allMatch(PointResult::valid), results,
                summary, model);
    }
}
