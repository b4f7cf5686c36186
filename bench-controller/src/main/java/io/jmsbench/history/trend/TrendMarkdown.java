package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;

import java.util.List;

/** A scenario's trends for a pull request comment: the change points first, then each point's table. */
public final class TrendMarkdown {

    private TrendMarkdown() {
    }

    public static String of(String history, List<PointTrend> trends) {
        StringBuilder out = new StringBuilder();
        out.append("### jmsbench history: ").append(trends.get(0).scenario()).append("\n\n");
        long changes = trends.stream().mapToLong(t -> t.changes().size()).sum();
        out.append(changes == 0 ? "No change point." : "**" + changes + (changes == 1 ? " change point" : " change points")
                + "**:").append('\n');
        for (PointTrend t : trends) {
            for (ChangePoint c : t.changes()) {
                out.append("- ").append(t.pointKey()).append(", ").append(cell(TrendWords.changePoint(t, c))).append('\n');
            }
        }
        for (PointTrend t : trends) {
            out.append("\n#### ").append(cell(TrendWords.header(t))).append("\n\n| # | started (UTC) | run | commit | verdict |");
            TrendWords.TABLE.forEach(m -> out.append(' ').append(TrendWords.column(m)).append(" |"));
            out.append(" change point |\n|---:|---|---|---|---|");
            TrendWords.TABLE.forEach(m -> out.append("---:|"));
            out.append("---|\n");
            for (int i = 0; i < t.entries().size(); i++) {
                HistoryEntry e = t.entries().get(i);
                out.append("| ").append(i + 1).append(" | ").append(TrendWords.started(e)).append(" | `")
                        .append(e.run().runId()).append("` | ").append(TrendWords.commit(e)).append(" | ")
                        .append(TrendWords.verdict(e)).append(" |");
                for (HistoryMetric m : TrendWords.TABLE) {
                    out.append(' ').append(TrendWords.figure(m, e.point().figure(m))).append(" |");
                }
                String marks = TrendWords.marks(t, i);
                out.append(' ').append(marks.isEmpty() ? "" : "**" + cell(marks) + "**").append(" |\n");
            }
        }
        out.append("\n<details><summary>What was compared</summary>\n\n");
        out.append("History: `").append(history).append("`. Same: ").append(cell(TrendWords.same(trends.get(0).lineage())))
                .append(".\n\n").append(TrendWords.method()).append(".\n");
        TrendWords.leftOut(trends.get(0)).forEach(l -> out.append("\nLeft out: ").append(cell(l)).append('\n'));
        return out.append("\n</details>\n").toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
