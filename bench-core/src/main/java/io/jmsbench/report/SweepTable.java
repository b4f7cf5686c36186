package io.jmsbench.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The sweep as a Markdown table, one row per point (mean over repeats, ± the 95% confidence
 * half-width when repeated): swept parameters, rates, replication grade, n_fltr, CPU, validity.
 */
public final class SweepTable {

    private SweepTable() {
    }

    public static String render(Report report) {
        List<String> keys = new ArrayList<>(report.sweep().keySet());
        StringBuilder md = new StringBuilder();
        md.append('|');
        for (String k : keys) {
            md.append(' ').append(k).append(" |");
        }
        md.append(" received msgs/s | dispatched msgs/s | overall msgs/s | r expected | r measured | n_fltr "
                + "| broker cores | valid |\n|");
        md.append("---:|".repeat(keys.size() + 8)).append('\n');
        for (PointSummary s : report.summary()) {
            md.append('|');
            for (String k : keys) {
                md.append(' ').append(s.parameters().get(k)).append(" |");
            }
            md.append(' ').append(stat(s.receivedRate())).append(" | ").append(stat(s.dispatchedRate())).append(" | ")
                    .append(stat(s.overallRate())).append(" | ").append(Figures.grade(s.expectedGrade())).append(" | ")
                    .append(Figures.grade(s.measuredGrade().mean())).append(" | ").append(s.filters()).append(" | ")
                    .append(Figures.cores(s.brokerCores().mean())).append(" | ")
                    .append(s.validRepeats() == s.repeats() ? "yes" : "NO (" + s.validRepeats() + "/" + s.repeats() + ")")
                    .append(" |\n");
        }
        return md.toString();
    }

    private static String stat(Stat s) {
        if (s.n() > 1 && !Double.isNaN(s.ci95())) {
            return Figures.rate(s.mean()) + " ± " + Figures.rate(s.ci95());
        }
        return Figures.rate(s.mean());
    }

    /** {@code summary.csv}: one row per measured run, for spreadsheets and plotting. */
    public static String csv(Report report) {
        // a search's steps name their rate in their parameters, as a sweep of it would
        Set<String> columns = new LinkedHashSet<>(report.sweep().keySet());
        report.points().forEach(p -> columns.addAll(p.key().parameters().keySet()));
        List<String> keys = new ArrayList<>(columns);
        StringBuilder csv = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("point", "repeat"));
        header.addAll(keys);
        header.addAll(List.of("received_msgs", "received_rate", "dispatched_msgs", "dispatched_rate", "overall_rate",
                "r_expected", "r_measured", "n_fltr", "broker_cores", "publisher_cores", "subscriber_cores",
                "host_busy", "drain", "valid", "invalid_reasons", "received_ci95", "dispatched_ci95", "verdict",
                "warmup_end", "warmup_s", "window_end", "precision"));
        csv.append(String.join(",", header)).append('\n');
        int index = 0;
        Map<Map<String, Object>, Integer> pointOf = new HashMap<>();
        for (PointSummary s : report.summary()) {
            pointOf.put(s.parameters(), s.point());
        }
        for (PointResult p : report.points()) {
            List<String> row = new ArrayList<>();
            row.add(String.valueOf(pointOf.getOrDefault(p.key().parameters(), index)));
            row.add(String.valueOf(p.key().repeat()));
            for (String k : keys) {
                row.add(String.valueOf(p.key().parameters().get(k)));
            }
            row.add(String.valueOf(p.rates().received().messages()));
            row.add(number(p.rates().received().rate()));
            row.add(String.valueOf(p.rates().dispatched().messages()));
            row.add(number(p.rates().dispatched().rate()));
            row.add(number(p.rates().overallRate()));
            row.add(number(p.rates().replicationGrade().expected()));
            row.add(number(p.rates().replicationGrade().measured()));
            row.add(String.valueOf(p.rates().filters()));
            row.add(number(p.resources().cpu().brokerCores()));
            row.add(number(p.resources().cpu().publisherCores()));
            row.add(number(p.resources().cpu().subscriberCores()));
            row.add(number(p.resources().cpu().hostBusy()));
            row.add(p.delivery().drain().outcome().toString());
            row.add(String.valueOf(p.judgement().valid()));
            row.add('"' + String.join("; ", p.judgement().invalidReasons()).replace("\"", "\"\"") + '"');
            row.add(number(p.rates().received().ci95()));
            row.add(number(p.rates().dispatched().ci95()));
            row.add(p.judgement().verdict() == null ? "" : p.judgement().verdict().name().toLowerCase(Locale.ROOT));
            PointResult.Windows w = p.timing().windows() == null ? PointResult.Windows.NONE : p.timing().windows();
            row.add(w.warmupEnd() == null ? "" : w.warmupEnd().toString());
            row.add(number(w.warmupSeconds()));
            row.add(w.windowEnd() == null ? "" : w.windowEnd().toString());
            row.add(number(p.rates().precisionReached()));
            csv.append(String.join(",", row.stream().map(v -> v.contains(",") && !v.startsWith("\"") ? '"' + v + '"' : v)
                    .toList())).append('\n');
            index++;
        }
        return csv.toString();
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }
}
