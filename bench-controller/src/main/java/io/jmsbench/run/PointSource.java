package io.jmsbench.run;

import io.jmsbench.report.PointResult;
import io.jmsbench.report.SearchResult;
import io.jmsbench.scenario.ScenarioPlan;

/**
 * Where a run's points come from, one at a time: the plan's sweep points times their repeats
 * ({@link PlanPoints}), or the steps of a capacity search ({@link SearchPoints}), each chosen from
 * the outcome of the one before.
 */
interface PointSource {

    /** A point to run as {@code repeat}; {@code heading}, if not null, is printed before it runs. */
    record Scheduled(ScenarioPlan.Point point, int repeat, String heading) {
    }

    /** How many runs there will be: exactly, or at most when each depends on the ones before. */
    int runsAtMost();

    /** Whether {@link #runsAtMost} is the exact count. */
    boolean exact();

    /** The place of the {@code run}-th run (from 1) for the progress line: "point 2/6", "" for a single run. */
    String label(int run);

    /** The next point, or null when there is none. */
    Scheduled next();

    /** Takes the result of the point just run; returns the line to print after it (null: none). */
    String completed(Scheduled scheduled, PointResult result);

    /** What stopping after {@code done} runs leaves out, as a clause ("" when nothing). */
    String skipped(int done);

    /** The search's steps and answer; null for a plan. {@code abortReason}: why the run stopped early, or null. */
    SearchResult search(String abortReason);
}
