package io.jmsbench.report;

import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.verdict.Verdict;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The points side by side, as the seeds' comparison tables lay them out (JBoss Messaging's Table
 * 8.1, OpenWire against AMQP, ActiveMQ against RabbitMQ): one column per compared set ({@code
 * compare:}'s names, or else the values of the swept broker and provider fields), one row per
 * remaining parameter combination (the case, the other swept values). A cell is the received rate
 * with its 95% interval: over the repeats when repeated, else the window's own batch-means
 * interval; a cell whose verdict is not valid names it beside its figure (invalid, unverified), and a
 * combination not run is a dash.
 */
public final class ComparisonTable {


    private ComparisonTable() {
    }

    /** The parameters that make the columns, or none when the run compares nothing. */
    public static List<String> columnKeys(Report report) {
        List<String> keys = new ArrayList<>(report.sweep().keySet());
        if (keys.contains(ScenarioPlan.COMPARE)) {
            return List.of(ScenarioPlan.COMPARE);
        }
        return keys.stream()
                .filter(k -> k.equals("provider") || k.startsWith("broker."))
                .filter(k -> report.sweep().get(k).size() > 1)
                .toList();
    }

    public static boolean applies(Report report) {
        return report.search() == null && !columnKeys(report).isEmpty();
    }

    public static String render(Report report) {
        List<String> columnKeys = columnKeys(report);
        List<String> rowKeys = report.sweep().keySet().stream().filter(k -> !columnKeys.contains(k)).toList();
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        List<String> columns = new ArrayList<>();
        Map<Integer, List<PointResult>> repeatsByPoint = repeatsByPoint(report);
        for (PointSummary s : report.summary()) {
            String column = label(s.parameters(), columnKeys);
            if (!columns.contains(column)) {
                columns.add(column);
            }
            rows.computeIfAbsent(label(s.parameters(), rowKeys), r -> new LinkedHashMap<>())
                    .put(column, cell(s, repeatsByPoint.getOrDefault(s.point(), List.of())));
        }
        StringBuilder md = new StringBuilder("| ").append(rowKeys.isEmpty() ? "point" : String.join(" · ", rowKeys))
                .append(" |");
        columns.forEach(c -> md.append(' ').append(c).append(" |"));
        md.append("\n|---|").append("---:|".repeat(columns.size())).append('\n');
        rows.forEach((row, cells) -> {
            md.append("| ").append(row).append(" |");
            columns.forEach(c -> md.append(' ').append(cells.getOrDefault(c, "—")).append(" |"));
            md.append('\n');
        });
        return md.toString();
    }

    private static Map<Integer, List<PointResult>> repeatsByPoint(Report report) {
        Map<Map<String, Object>, Integer> pointOf = new HashMap<>();
        report.summary().forEach(s -> pointOf.put(s.parameters(), s.point()));
        return report.points().stream().collect(Collectors.groupingBy(
                p -> pointOf.getOrDefault(p.key().parameters(), -1), LinkedHashMap::new, Collectors.toList()));
    }

    private static String cell(PointSummary s, List<PointResult> repeats) {
        if (repeats.size() == 1) {
            PointResult p = repeats.get(0);
            String figure = Figures.rate(p.rates().received().rate(), p.rates().received().ci95());
            return p.judgement().verdict() == null || p.judgement().verdict() == Verdict.VALID ? figure
                    : figure + " " + p.judgement().verdict().name();
        }
        String figure = Figures.rate(s.receivedRate().mean(), s.receivedRate().ci95());
        return s.validRepeats() == s.repeats() ? figure
                : figure + " (" + s.validRepeats() + "/" + s.repeats() + " valid)";
    }

    private static String label(Map<String, Object> parameters, List<String> keys) {
        if (keys.isEmpty()) {
            return "all";
        }
        return keys.stream().map(k -> String.valueOf(parameters.get(k))).collect(Collectors.joining(" · "));
    }
}
