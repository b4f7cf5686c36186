package io.jmsbench.history.trend;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.html.HtmlReport;
import io.jmsbench.report.html.PageHead;
import io.jmsbench.report.html.PageResources;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trend page: self-contained as report.html is (uPlot inlined from the same webjar, by the same
 * helpers), one chart per metric with its change points marked, and the table of runs.
 */
public final class TrendHtml {

    private TrendHtml() {
    }

    public static String render(String history, List<PointTrend> trends) {
        String scenario = trends.get(0).scenario();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("title", "jmsbench history: " + scenario);
        data.put("history", history);
        data.put("same", TrendWords.same(trends.get(0).lineage()));
        data.put("method", TrendWords.method());
        data.put("leftOut", TrendWords.leftOut(trends.get(0)));
        data.put("points", trends.stream().map(TrendHtml::point).toList());
        String json;
        try {
            json = Json.MAPPER.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("history page: cannot write its data", e);
        }
        return HtmlReport.fill(resource("history.html"), Map.of(
                "HEAD", PageHead.html("jmsbench history: " + scenario),
                "UPLOT_JS", HtmlReport.inlineScript(PageResources.uplotScript()),
                "HISTORY_JS", HtmlReport.inlineScript(resource("history.js")),
                "DATA", HtmlReport.inlineJson(json)));
    }

    private static Map<String, Object> point(PointTrend t) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("header", TrendWords.header(t));
        p.put("changes", t.changes().stream().map(c -> TrendWords.changePoint(t, c)).toList());
        p.put("runs", t.entries().stream().map(e -> e.run().runId()).toList());
        List<Map<String, Object>> metrics = new ArrayList<>();
        for (MetricTrend m : t.metrics()) {
            if (!m.measured()) {
                continue;
            }
            Map<String, Object> chart = new LinkedHashMap<>();
            chart.put("label", m.metric().label());
            chart.put("unit", m.metric().unit());
            chart.put("values", m.values().stream().map(v -> number(v.value())).toList());
            chart.put("low", m.values().stream().map(v -> v.hasInterval() ? number(v.low()) : null).toList());
            chart.put("high", m.values().stream().map(v -> v.hasInterval() ? number(v.high()) : null).toList());
            chart.put("changes", m.changes().stream().map(c -> Map.of("index", c.index())).toList());
            metrics.add(chart);
        }
        p.put("metrics", metrics);
        List<String> columns = new ArrayList<>(List.of("#", "started (UTC)", "run", "commit", "verdict"));
        TrendWords.TABLE.forEach(m -> columns.add(TrendWords.column(m)));
        columns.add("change point");
        p.put("columns", columns);
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < t.entries().size(); i++) {
            HistoryEntry e = t.entries().get(i);
            List<String> row = new ArrayList<>(List.of(String.valueOf(i + 1), TrendWords.started(e), e.run().runId(),
                    TrendWords.commit(e), TrendWords.verdict(e)));
            for (HistoryMetric m : TrendWords.TABLE) {
                row.add(TrendWords.figure(m, e.point().figure(m)));
            }
            row.add(TrendWords.marks(t, i));
            rows.add(row);
        }
        p.put("rows", rows);
        return p;
    }

    /** A figure for the chart: null (a gap) where there is none. */
    private static Double number(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
    }

    private static String resource(String name) {
        try (InputStream in = TrendHtml.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("history page: resource " + name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("history page: cannot read resource " + name, e);
        }
    }
}
