package io.jmsbench.report;

import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.scenario.Scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run measured and everything needed to judge it: the source of every other output.
 * {@code status} is {@code completed} or {@code aborted} (with {@code abortReason}); {@code valid}
 * holds only when the run completed and every point is valid. {@code points} holds every measured
 * run (each sweep point times each repeat), {@code summary} one entry per sweep point over its
 * repeats, {@code model} the cost model fitted to the points when the sweep identifies it,
 * {@code search} the steps and answer of a capacity search ({@code null} for a run without one).
 * {@code models} one fit per compared set when the sweep has {@code compare:} (brokers side by side;
 * {@code model} is then {@code null}: one model across brokers means nothing).
 * {@code claims} the verdicts on what the scenario expected ({@code expect:}). {@code modelsNotFitted}
 * says why a model the sweep was designed to identify (the run's, or a compared set's) was not fitted.
 * {@code scenarioSha256} identifies what the scenario file said before {@code overrides} ({@code null}
 * in reports written before it was recorded): {@code compare} refuses runs of different scenarios.
 */
public record Report(String schema, String runId, String status, String abortReason, String startedAt,
                     String finishedAt, String scenarioFile, String scenarioSha256, List<String> overrides,
                     Scenario scenario, Map<String, List<Object>> sweep, int repeat, Environment environment,
                     boolean valid, List<PointResult> points, List<PointSummary> summary, ModelFit model,
                     SearchResult search, List<ClaimResult> claims, Map<String, ModelFit> models,
                     List<ModelNotFitted> modelsNotFitted) {

    public static final String SCHEMA = "jmsbench.report/1";
    public static final String COMPLETED = "completed";
    public static final String ABORTED = "aborted";

    public Report {
        points = List.copyOf(points);
        summary = List.copyOf(summary);
        claims = claims == null ? List.of() : List.copyOf(claims); // reports written before claims
        models = models == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(models));
        modelsNotFitted = modelsNotFitted == null ? List.of() : List.copyOf(modelsNotFitted);
    }

    public Report(String schema, String runId, String status, String abortReason, String startedAt,
                  String finishedAt, String scenarioFile, String scenarioSha256, List<String> overrides,
                  Scenario scenario, Map<String, List<Object>> sweep, int repeat, Environment environment,
                  boolean valid, List<PointResult> points, List<PointSummary> summary, ModelFit model,
                  SearchResult search) {
        this(schema, runId, status, abortReason, startedAt, finishedAt, scenarioFile, scenarioSha256, overrides,
                scenario, sweep, repeat, environment, valid, points, summary, model, search, List.of(), Map.of(),
                List.of());
    }

    public Report(String schema, String runId, String status, String abortReason, String startedAt,
                  String finishedAt, String scenarioFile, List<String> overrides, Scenario scenario,
                  Map<String, List<Object>> sweep, int repeat, Environment environment, boolean valid,
                  List<PointResult> points, List<PointSummary> summary, ModelFit model) {
        this(schema, runId, status, abortReason, startedAt, finishedAt, scenarioFile, null, overrides, scenario,
                sweep, repeat, environment, valid, points, summary, model, null);
    }
}
