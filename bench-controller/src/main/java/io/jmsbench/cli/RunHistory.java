package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.store.RunRecords;
import io.jmsbench.report.Report;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/**
 * A finished run's points, recorded in the history. The history is the run's by-product, never its
 * result: a history that cannot be reached or written is one sentence on stderr, the run's own files
 * are already written, and its exit code stays what the run earned.
 */
final class RunHistory {

    private RunHistory() {
    }

    /** Records {@code report}, written under {@code runDirectory}, and says where on {@code console}. */
    static void record(HistoryLocation history, String commit, Report report, Path runDirectory, PrintStream console,
                       PrintWriter err, Map<String, String> env) {
        if (history == null) {
            return;
        }
        try (HistoryDatabase db = HistoryDatabase.open(history, env)) {
            boolean added = db.record(RunRecords.of(report, commit, runDirectory.toString()));
            console.println("  history: " + (added ? "recorded in " : "already in ") + history.describe());
        } catch (HistoryProblem e) {
            err.println("jmsbench run: not recorded in the history: " + e.getMessage() + " (the run's results are "
                    + "written and its exit code is unchanged)");
        }
    }
}
