package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;

/**
 * Where a metric's series shifted: {@code after} is the first run of the new level, {@code before} the
 * last of the old one, and the commits between theirs hold the cause. The means are over the runs
 * between this change point and its neighbours; {@code pValue} is the permutation test's.
 */
public record ChangePoint(HistoryMetric metric, int index, double pValue, double meanBefore, double meanAfter,
                          HistoryEntry before, HistoryEntry after) {

    public double relativeChange() {
        return meanBefore == 0 ? Double.NaN : (meanAfter - meanBefore) / meanBefore;
    }

    /** The commits to look at, as git takes them, or a sentence saying what is unknown. */
    public String commits() {
        String from = before.run().commit();
        String to = after.run().commit();
        if (from == null || to == null) {
            return "commits not recorded (run with --commit, or GITHUB_SHA set)";
        }
        return from.equals(to) ? "same commit " + short7(to) + ": the machine or the environment changed"
                : "git log " + short7(from) + ".." + short7(to);
    }

    static String short7(String commit) {
        return commit.length() > 12 && commit.matches("[0-9a-f]+") ? commit.substring(0, 7) : commit;
    }
}
