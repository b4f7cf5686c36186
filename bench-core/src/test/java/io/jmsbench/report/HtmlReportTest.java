package io.jmsbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.files.ReportWriter;
import io.jmsbench.report.html.HtmlReport;
import io.jmsbench.report.html.PageHead;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html as a file: self-contained, its data the report's. That the charts draw is tested in a
 * real browser (bench-controller's ReportHtmlIT).
 */
@Timeout(60)
class HtmlReportTest {

    private static final String DATA_START = "<script type=\"application/json\" id=\"report-data\">";

    @TempDir
    Path dir;

    @Test
    void thePageLoadsNothingAndCarriesUPlot() throws ScenarioException {
        String page = HtmlReport.render(SweepTableTest.twoPointsTwoRepeats());
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        assertTrue(page.contains("default-src 'none'"), "the page's policy forbids every load");
        assertFalse(page.contains(" src="), "no script or image from elsewhere");
        assertFalse(page.contains("<link"), "no style sheet from elsewhere");
        assertTrue(page.contains("uPlot (v1.6.30)"), "uPlot inlined from its webjar");
        assertFalse(page.contains("{{"), "every slot of the template filled");
    }

    /** The head the history's trend page opens with too, then the page's own style. */
    @Test
    void thePageOpensWithTheSharedHeadThenItsOwnStyle() throws ScenarioException {
        Report report = SweepTableTest.twoPointsTwoRepeats();
        String page = HtmlReport.render(report);
        String head = PageHead.html("jmsbench report: " + report.scenario().name());
        assertTrue(page.startsWith(head + "\n<style>"), page.substring(0, 400));
        assertTrue(head.startsWith("<!DOCTYPE html>") && head.endsWith("</style>"), head.substring(0, 100));
        String escaped = PageHead.html("a <b> & \"c\"");
        assertTrue(escaped.contains("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"), "the title escaped");
        assertFalse(escaped.contains("{{"), "every slot of the head filled");
    }

    @Test
    void theDataIsTheReportsAndCannotEndItsScriptElement() throws ScenarioException, IOException {
        ScenarioPlan plan = SweepTableTest.plan();
        Map<String, Object> p0 = plan.points().get(0).parameters();
        Map<String, Object> p1 = plan.points().get(1).parameters();
        Report report = SweepTableTest.report(plan, List.of(
                List.of(SweepTableTest.run(p0, 1, 100_000, 1, 1.0, 1.5, List.of("a reason </script><!-- that ends"))),
                List.of(SweepTableTest.run(p1, 1, 80_000, 2, 2.0, 1.9, List.of()))));
        String page = HtmlReport.render(report);
        int start = page.indexOf(DATA_START) + DATA_START.length();
        String json = page.substring(start, page.indexOf("</script>", start));
        JsonNode data = Json.MAPPER.readTree(json);

        assertEquals(2, data.path("points").size());
        JsonNode first = data.path("points").get(0);
        assertEquals("invalid", first.path("verdict").asText());
        assertEquals("a reason </script><!-- that ends", first.path("findings").get(0).path("text").asText());
        assertEquals("DRAIN_INCOMPLETE", first.path("findings").get(0).path("code").asText());
        assertEquals(100_000, first.path("received").path("rate").asDouble(), 0.0);
        assertEquals(5_000, first.path("received").path("ci95").asDouble(), 0.0);
        assertTrue(first.path("dispatched").path("ci95").isNull(), "no interval is null, not NaN");
        assertEquals(List.of("warmup", "measure"), first.path("series").path("phases").findValuesAsText("phase"));
        assertEquals(6.3, first.path("series").path("cpuPercent").path("publishers").get(0).asDouble(), 0.0,
                "0.25 cores used of 4 in the first second, in percent, one decimal");
        assertEquals(0.95, data.path("validity").path("brokerCpuMin").asDouble(), 0.0);

        JsonNode sweep = data.path("sweep");
        assertEquals("subscribers[0].clients", sweep.path("parameters").get(0).path("key").asText());
        assertTrue(sweep.path("parameters").get(0).path("numeric").asBoolean());
        assertEquals(2, sweep.path("points").size());
        assertTrue(data.path("notMeasured").toString().contains("latency"), data.path("notMeasured").toString());
    }

    @Test
    void reportWriterWritesThePageBesideTheOthers() throws ScenarioException, IOException {
        Report report = SweepTableTest.twoPointsTwoRepeats();
        ReportWriter.write(report, dir);
        assertEquals(HtmlReport.render(report), Files.readString(dir.resolve(ReportWriter.HTML)));
    }
}
