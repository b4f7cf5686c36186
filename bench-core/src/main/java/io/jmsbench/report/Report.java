package io.jmsbench.report;

import io.jmsbench.scenario.Scenario;

import java.util.List;

/**
 * Everything a run measured and everything needed to judge it: the source of every other output.
 * {@code status} is {@code completed} or {@code aborted} (with {@code abortReason}); {@code valid}
 * holds only when the run completed and every point is valid.
 */
public record Report(String schema, String runId, String status, String abortReason, String startedAt,
                     String finishedAt, String scenarioFile, Scenario scenario, Environment environment,
                     boolean valid, List<PointResult> points) {

    public static final String SCHEMA = "jmsbench.report/1";
    public static final String COMPLETED = "completed";
    public static final String ABORTED = "aborted";

    public Report {
        points = List.copyOf(points);
    }
}
