package io.jmsbench.history.trend;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;

import java.util.ArrayList;
import java.util.List;

/** A scenario's trends as the terminal shows them: per point, a row per run and its change points. */
public final class TrendText {

    private TrendText() {
    }

    public static String of(String history, List<PointTrend> trends) {
        StringBuilder out = new StringBuilder();
        out.append("jmsbench history: ").append(trends.get(0).scenario()).append(" in ").append(history).append('\n');
        out.append("  same: ").append(TrendWords.same(trends.get(0).lineage())).append('\n');
        TrendWords.leftOut(trends.get(0)).forEach(l -> out.append("  left out: ").append(l).append('\n'));
        out.append("  ").append(TrendWords.method()).append('\n');
        for (PointTrend t : trends) {
            out.append('\n').append(TrendWords.header(t)).append('\n');
            List<String> head = new ArrayList<>(List.of("#", "started (UTC)", "run", "commit", "verdict"));
            TrendWords.TABLE.forEach(m -> head.add(TrendWords.column(m)));
            head.add("change point");
            List<List<String>> rows = new ArrayList<>();
            for (int i = 0; i < t.entries().size(); i++) {
                HistoryEntry e = t.entries().get(i);
                List<String> row = new ArrayList<>(List.of(String.valueOf(i + 1), TrendWords.started(e),
                        e.run().runId(), TrendWords.commit(e), TrendWords.verdict(e)));
                for (HistoryMetric m : TrendWords.TABLE) {
                    row.add(TrendWords.figure(m, e.point().figure(m)));
                }
                row.add(TrendWords.marks(t, i));
                rows.add(row);
            }
            table(out, head, rows);
            if (t.changes().isEmpty()) {
                out.append("no change point").append(t.entries().size() < 2 * EDivisive.MIN_SEGMENT
                        ? " (too few runs to find one: " + 2 * EDivisive.MIN_SEGMENT + " needed)" : "").append('\n');
            }
            for (ChangePoint c : t.changes()) {
                out.append("CHANGE ").append(TrendWords.changePoint(t, c)).append('\n');
            }
        }
        return out.toString();
    }

    /** Columns padded to their widest cell; the last one is not padded. */
    private static void table(StringBuilder out, List<String> head, List<List<String>> rows) {
        int[] width = new int[head.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(head);
        all.addAll(rows);
        for (List<String> r : all) {
            for (int c = 0; c < r.size(); c++) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        for (List<String> r : all) {
            StringBuilder line = new StringBuilder(" ");
            for (int c = 0; c < r.size(); c++) {
                String cell = r.get(c);
                line.append("  ").append(c == r.size() - 1 ? cell : cell + " ".repeat(width[c] - cell.length()));
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
