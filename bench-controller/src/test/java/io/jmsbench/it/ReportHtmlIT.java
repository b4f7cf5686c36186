package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * report.html of a real smoke run and a real sweep, opened in headless Chromium: every chart drew,
 * the page logged no JavaScript error, and a sweep the size of the paper's fig. 8 grid renders
 * quickly. The pages go through {@code jmsbench report}, so regenerating an old run is tested on
 * real reports too. Screenshots stay in target/report-html/. Runs after RunIT and SweepIT (see
 * junit-platform.properties) and reads their reports when they made them; otherwise it runs its own.
 * Alone, and last of the classes that run alone ({@code @Order}), since the fig. 8 grid's page must load
 * in seconds and the classes whose runs it draws must have finished.
 */
@Timeout(300)
@Order(Integer.MAX_VALUE)
@NeedsAnIdleMachine
class ReportHtmlIT {

    static final Path SHOTS = Path.of("target", "report-html");
    /** The paper's fig. 8 grid (scenarios/paper/fig8.yaml): r and m_add, 10 min windows. */
    private static final long[] FIG8_R = {1, 2, 5, 10, 20, 40};
    private static final long[] FIG8_M_ADD = {5, 10, 20, 40, 60, 80, 160};

    private static ReportPage page;

    @TempDir
    Path work;

    @BeforeAll
    static void openBrowser() {
        StringBuilder whyNot = new StringBuilder();
        Optional<ReportPage.Browser> browser = ReportPage.Browser.find(whyNot);
        if (browser.isEmpty()) {
            System.out.println("ReportHtmlIT skipped: " + whyNot);
        }
        assumeTrue(browser.isPresent(), () -> "report.html browser tests skipped: " + whyNot);
        page = ReportPage.open(browser.get());
    }

    @AfterAll
    static void closeBrowser() {
        if (page != null) {
            page.close();
        }
    }

    @Test
    void smokeRunReportDrawsEveryChart() throws Exception {
        Path run = KeptRuns.copy("smoke", work).orElse(null);
        if (run == null) {
            run = runScenario("smoke.yaml", "smoke", "--set", "phases.warmup=1s", "--set", "phases.measure=5s");
            KeptRuns.keep(run, "smoke");
        }
        Path html = regenerate(run);
        page.load(html);
        assertEquals(0, page.pointOptions(), "one point: no select box");
        List<ReportPage.Canvas> charts = assertEveryChartDrew("smoke", 5);
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("CPU per second")), charts.toString());
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("broker memory per second")), charts.toString());
        String text = page.text();
        for (String expected : List.of("jmsbench report: smoke", "Versions and hosts", "What was not measured",
                "Verdict of every point", "SHARED_HOST")) {
            assertTrue(text.contains(expected), () -> "the page says '" + expected + "':\n" + text);
        }
        page.screenshot(SHOTS.resolve("smoke.png"));
    }

    /** Sizes that vary: the payload's bytes/s and the histogram of the sizes sent, as a table. */
    @Test
    void aMixedSizesRunShowsItsPayloadAndTheSizesSent() throws Exception {
        // PatternsIT's run of the same file on the embedded ActiveMQ, when it left one
        Path run = KeptRuns.copy("pattern-mixed-sizes-activemq", work).orElse(null);
        if (run == null) {
            run = runScenario("patterns/mixed-sizes.yaml", "mixed-sizes", "--set", "phases.warmup=1s",
                    "--set", "phases.measure=5s");
        }
        Path html = regenerate(run);
        page.load(html);
        assertEveryChartDrew("mixed sizes", 4);
        String text = page.text();
        for (String expected : List.of("weighted 256 bytes (weight 70)", "Payload: ", " B/s received, ",
                "sizes sent over the whole run: ", "bytes up to", "65,536")) {
            assertTrue(text.contains(expected), () -> "the page says '" + expected + "':\n" + text);
        }
        page.screenshot(SHOTS.resolve("mixed-sizes.png"));
    }

    /** A point on CPU partitions: each partition's busy share per second, with the rules' lines. */
    @Test
    void aPartitionedRunChartsEachPartition() throws Exception {
        Path run = KeptRuns.copy("smoke-partitioned", work).orElse(null);
        if (run == null) {
            run = runScenario("smoke.yaml", "smoke", "--set", "cpus=auto", "--set", "phases.warmup=1s",
                    "--set", "phases.measure=5s");
        }
        Path html = regenerate(run);
        page.load(html);
        List<ReportPage.Canvas> charts = assertEveryChartDrew("smoke on partitions", 5);
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("CPU partitions per second")),
                charts.toString());
        assertTrue(page.text().contains("PARTITIONED_HOST"), page.text());
        page.screenshot(SHOTS.resolve("partitions.png"));
    }

    /** An external broker seen from inside: the messages it held per second, from its management interface. */
    @Test
    void anExternalBrokersDepthIsChartedPerSecond() throws Exception {
        Path run = KeptRuns.copy("debian-activemq", work).orElse(null);
        assumeTrue(run != null, "DebianBrokersIT left no run against Debian's ActiveMQ (not installed here?)");
        page.load(regenerate(run));
        List<ReportPage.Canvas> charts = assertEveryChartDrew("Debian's ActiveMQ", 5);
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("messages the broker held per second")),
                charts.toString());
    }

    /** Consumers 5 s late on a queue: the backlog per second, with its peak and drain in the caption. */
    @Test
    void aLateConsumersRunChartsItsBacklog() throws Exception {
        Path run = KeptRuns.copy("late-consumers", work).orElse(null);
        if (run == null) {
            run = runScenario("patterns/late-consumers.yaml", "late-consumers", "--set", "phases.warmup=2s",
                    "--set", "phases.measure=8s", "--set", "subscribers[0].start=5s", "--set", "publishers.rate=200");
        }
        page.load(regenerate(run));
        List<ReportPage.Canvas> charts = assertEveryChartDrew("late-consumers", 5);
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("backlog per second")), charts.toString());
        String text = page.text();
        assertTrue(text.matches("(?s).*Peak [\\d,]+ messages at \\d+(\\.\\d+)? s; drained at .*"), text);
        assertTrue(text.contains("CONSUMERS_SCHEDULED"), text);
        page.screenshot(SHOTS.resolve("late-consumers.png"));
    }

    /** A point with broker kills: the rate chart shades each and marks when its clients reconnected. */
    @Test
    void aFaultRunShowsEachKillAndItsReconnections() throws Exception {
        Path run = KeptRuns.copy("kill-broker", work).orElse(null);
        if (run == null) {
            run = runScenario("faults/kill-broker.yaml", "kill-broker", "--set", "phases.measure=15s",
                    "--set", "faults[0].times=1");
        }
        Path html = regenerate(run);
        page.load(html);
        assertEveryChartDrew("kill-broker", 4);
        String text = page.text();
        // how soon the clients are back is the host's (a restarted broker is a cold JVM): the page must say when
        // the first kill at its time in report.json, to the page's 2 decimals (BrokerFaultsIT's four kills from 5 s,
        // this class's own run's at the file's 10 s)
        double firstKill = Reports.read(run).path("points").get(0).path("faults").get(0).path("at").asDouble();
        Matcher caption = Pattern.compile("red: the broker down, one band per fault \\(kill-broker at (\\d+(\\.\\d+)?) s, "
                + "2 clients reconnected by (\\d+\\.\\d) s, the dashed red line").matcher(text);
        assertTrue(caption.find(), text);
        assertEquals(firstKill, Double.parseDouble(caption.group(1)), 0.005 + 1e-9, caption.group());
        assertTrue(Double.parseDouble(caption.group(3)) > firstKill, "reconnected after the kill: " + caption.group());
        page.screenshot(SHOTS.resolve("kill-broker.png"));
    }

    /** A rate profile's point: its rate chart draws the target beside what the publishers sent. */
    @Test
    void aRateProfileChartsItsTargetAgainstTheSentRate() throws Exception {
        Path run = KeptRuns.copy("rate-profile", work).orElse(null);
        if (run == null) {
            run = runScenario("patterns/bursts.yaml", "bursts", "--set", "phases.warmup=4s", "--set",
                    "phases.measure=6s");
        }
        page.load(regenerate(run));
        List<ReportPage.Canvas> charts = assertEveryChartDrew("rate profile", 4);
        assertTrue(charts.stream().anyMatch(c -> c.title().startsWith("target, received and dispatched rate per "
                + "second")), charts.toString());
        assertTrue(page.text().contains("Black: the rate profile's target send rate"), page.text());
        page.screenshot(SHOTS.resolve("rate-profile.png"));
    }

    @Test
    void sweepReportDrawsEveryChartForEveryPoint() throws Exception {
        Path run = KeptRuns.copy("quick-fig8", work).orElse(null);
        if (run == null) {
            run = runQuickFig8();
        }
        Path html = regenerate(run);
        page.load(html);
        long points = page.pointOptions();
        assertTrue(points >= 2, "a select box with every point: " + points);
        // two swept parameters, three figures each, then the first point's four charts
        List<ReportPage.Canvas> charts = assertEveryChartDrew("sweep", 6 + 4);
        assertTrue(charts.stream().anyMatch(c -> c.title().contains("against subscribers[1].clients")),
                charts.toString());
        page.screenshot(SHOTS.resolve("sweep.png"));
        for (int i = 1; i < points; i++) {
            page.choosePoint(i);
            assertEveryChartDrew("sweep point " + (i + 1), 6 + 4);
        }
        page.screenshot(SHOTS.resolve("sweep-last-point.png"));
    }

    /**
     * The claims of a real quick-fig8 run, each with its verdict, and a cost model per compared set
     * with every parameter's 95% interval: the set's models are written into the report by hand, with
     * figures chosen so that one interval includes 0 and one parameter is clamped.
     */
    @Test
    void claimsAndEachComparedSetsModelAreShownWithTheirIntervals() throws Exception {
        Path run = KeptRuns.copy("quick-fig8", work).orElse(null);
        if (run == null) {
            run = runQuickFig8();
        }
        ObjectNode report = (ObjectNode) Reports.read(run);
        assertTrue(report.path("claims").size() >= 2, "quick-fig8 states its claims: " + report.path("claims"));
        report.putNull("model");
        ObjectNode models = report.putObject("models");
        models.set("activemq", model(1.18e-5, new double[] {0, -2.3e-5, 0}, true));
        models.set("artemis", model(1.29e-5, new double[] {2.0e-6, -7.5e-6, 1.15e-5}, false));
        Files.writeString(run.resolve("report.json"), report.toString());
        page.load(regenerate(run));
        assertEveryChartDrew("claims and models", 6);
        String text = page.text();
        for (JsonNode claim : report.path("claims")) {
            JsonNode note = claim.path("claim").path("note");
            String row = claim.path("statement").asText() + (note.isTextual() ? " (" + note.asText() + ")" : "") + "\t"
                    + claim.path("verdict").asText().toLowerCase(Locale.ROOT);
            assertTrue(text.contains(row), () -> "the page gives the claim and its verdict '" + row + "':\n" + text);
        }
        for (String expected : List.of("Cost model per compared set", "activemq [95% interval]",
                "artemis [95% interval]", "0.00e+00 s *", "2.00e-06 s [-7.50e-06, 1.15e-05] *",
                "1.18e-05 s [1.10e-05, 1.26e-05]", "1.29e-05 s [1.21e-05, 1.37e-05]", "1.50e-05 s",
                "a cell marked * does not exclude 0",
                "activemq: R² 0.99 over 4 points, 1 degree(s) of freedom, 2 point(s) left out",
                "r=1, m_add=3: invalid: not steady")) {
            assertTrue(text.contains(expected), () -> "the page says '" + expected + "':\n" + text);
        }
        page.screenshot(SHOTS.resolve("claims-and-models.png"));
    }

    /** A fitted model as report.json stores it: t_rcv from {@code rcv} {value, low, high}, t_fltr 1e-8, t_tx ± 8e-7. */
    private static ObjectNode model(double tTx, double[] rcv, boolean rcvClamped) {
        ObjectNode m = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
        m.put("tRcv", rcv[0]).put("tFltr", 1e-8).put("tTx", tTx).put("rSquared", 0.99)
                .put("looMedianRelativeError", 0.12).put("looWorstRelativeError", 0.3).put("pointsUsed", 4)
                .put("residualVariance", 1e-12).put("degreesOfFreedom", 1);
        for (String list : List.of("residuals", "warnings", "pointsUsedLabels", "covariance")) {
            m.putArray(list);
        }
        ArrayNode excluded = m.putArray("excluded");
        for (String label : List.of("r=1, m_add=3", "r=3, m_add=3")) {
            excluded.addObject().put("label", label).put("reason", "INVALID").put("detail", "not steady");
        }
        ArrayNode estimates = m.putArray("estimates");
        ObjectNode r = estimates.addObject().put("name", "t_rcv").put("value", rcv[0]).put("clamped", rcvClamped);
        if (rcvClamped) {
            r.put("standardError", "NaN").put("low95", "NaN").put("high95", "NaN");
        } else {
            r.put("standardError", 4e-6).put("low95", rcv[1]).put("high95", rcv[2]);
        }
        estimates.addObject().put("name", "t_fltr").put("value", 1e-8).put("standardError", 2e-8)
                .put("low95", -3e-8).put("high95", 5e-8).put("clamped", false);
        estimates.addObject().put("name", "t_tx").put("value", tTx).put("standardError", 1e-7)
                .put("low95", tTx - 8e-7).put("high95", tTx + 8e-7).put("clamped", false);
        return m;
    }

    /**
     * The largest shipped sweep, fig8.yaml: 42 points of 690 seconds each (30 s warm-up, 10 min
     * window, 60 s drain), made from a real point so every field is as a run writes it.
     */
    @Test
    void aSweepOfThePapersFig8GridRendersWithinSeconds() throws Exception {
        Path run = KeptRuns.copy("smoke", work).orElse(null);
        if (run == null) {
            run = runScenario("smoke.yaml", "smoke", "--set", "phases.warmup=1s", "--set", "phases.measure=5s");
        }
        Path big = Files.createDirectories(work.resolve("fig8-size"));
        Files.writeString(big.resolve("report.json"), fig8Sized(Reports.read(run)).toString());
        Path html = regenerate(big);
        double loadMs = page.load(html);
        assertEquals(FIG8_R.length * FIG8_M_ADD.length, page.pointOptions());
        assertEveryChartDrew("fig8-size sweep", 6 + 4);
        double switchMs = page.choosePoint(FIG8_R.length * FIG8_M_ADD.length - 1);
        assertEveryChartDrew("fig8-size sweep, last point", 6 + 4);
        System.out.printf(Locale.ROOT, "ReportHtmlIT: fig8-size report.html (%d points x 690 s, %.1f MB): loaded and "
                        + "drawn in %.0f ms, another point drawn in %.0f ms%n", FIG8_R.length * FIG8_M_ADD.length,
                Files.size(html) / 1e6, loadMs, switchMs);
        // generous bounds for a loaded 2-core CI machine; a freeze would take far longer
        assertTrue(loadMs < 10_000, "loaded in " + loadMs + " ms");
        assertTrue(switchMs < 2_000, "another point drawn in " + switchMs + " ms");
        page.screenshot(SHOTS.resolve("fig8-size.png"));
    }

    /** The checks above are only as good as the error detection: a page that throws must be caught. */
    @Test
    void aPageThatThrowsIsCaught() throws Exception {
        Path html = work.resolve("broken.html");
        Files.writeString(html, "<!DOCTYPE html><html><body><canvas></canvas>"
                + "<script>throw new Error('deliberately broken');</script></body></html>");
        page.errors(); // forget what earlier pages logged
        page.load(html);
        List<String> errors = page.errors();
        assertTrue(errors.stream().anyMatch(e -> e.contains("deliberately broken")), errors.toString());
        assertEquals(0, page.canvases().get(0).colouredPixels(), "a canvas nothing drew on counts as blank");
    }

    /** Asserts that the page logged no error and that each of its at least {@code min} charts drew. */
    private static List<ReportPage.Canvas> assertEveryChartDrew(String what, int min) {
        List<String> errors = page.errors();
        assertEquals(List.of(), errors, what + ": the page logged errors");
        List<ReportPage.Canvas> charts = page.canvases();
        assertTrue(charts.size() >= min, what + ": expected at least " + min + " charts, found " + charts);
        for (ReportPage.Canvas c : charts) {
            assertTrue(c.width() > 0 && c.height() > 0 && c.colouredPixels() >= 50,
                    what + ": chart '" + c.title() + "' is blank: " + c);
        }
        return charts;
    }

    /** {@code jmsbench report DIR}: the page under test is the one the command writes. */
    private Path regenerate(Path runDirectory) throws IOException, InterruptedException {
        Files.deleteIfExists(runDirectory.resolve("report.html"));
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(60), "report", runDirectory.toString());
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        assertEquals("", r.stderr());
        for (String file : List.of("report.html", "report.md", "summary.csv")) {
            assertTrue(Files.isRegularFile(runDirectory.resolve(file)), file + " written");
        }
        return runDirectory.resolve("report.html");
    }

    /** quick-fig8 with fixed short windows, when SweepIT left no run of it. */
    private Path runQuickFig8() throws Exception {
        return runScenario("paper/quick-fig8.yaml", "paper-quick-fig8", "--set", "phases.warmup=1s",
                "--set", "phases.maxWarmup=null", "--set", "phases.measure=2s", "--set", "phases.precision=null",
                "--set", "phases.maxMeasure=null");
    }

    private Path runScenario(String scenario, String name, String... overrides) throws Exception {
        Path out = work.resolve("results");
        String[] args = java.util.stream.Stream.concat(java.util.stream.Stream.of("run",
                Jmsbench.scenario(scenario).toString(), "--out", out.toString()), java.util.stream.Stream.of(overrides))
                .toArray(String[]::new);
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(240), args);
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        return Reports.onlyRunDirectory(out, name);
    }

    /** The report with its one point copied over the fig. 8 grid, each with 690 per-second samples. */
    private static ObjectNode fig8Sized(JsonNode smoke) {
        ObjectNode report = (ObjectNode) smoke.deepCopy();
        JsonNode point = smoke.path("points").get(0);
        JsonNode summary = smoke.path("summary").get(0);
        JsonNode sample = point.path("samples").get(point.path("samples").size() - 1);
        ObjectNode sweep = report.putObject("sweep");
        ArrayNode rs = sweep.putArray("subscribers[0].clients");
        ArrayNode ms = sweep.putArray("subscribers[1].clients");
        for (long r : FIG8_R) {
            rs.add(r);
        }
        for (long m : FIG8_M_ADD) {
            ms.add(m);
        }
        ArrayNode points = report.putArray("points");
        ArrayNode summaries = report.putArray("summary");
        int index = 0;
        for (long r : FIG8_R) {
            for (long m : FIG8_M_ADD) {
                ObjectNode p = point.deepCopy();
                double scale = 1.0 / (1 + 0.05 * m + 0.3 * r);
                p.putObject("parameters").put("subscribers[0].clients", r).put("subscribers[1].clients", m);
                p.put("filters", r + m);
                for (String figure : List.of("received", "dispatched")) {
                    ((ObjectNode) p.path(figure)).put("rate", point.path(figure).path("rate").asDouble() * scale);
                }
                p.put("overallRate", point.path("overallRate").asDouble() * scale);
                ArrayNode samples = p.putArray("samples");
                for (int t = 1; t <= 690; t++) {
                    ObjectNode s = sample.deepCopy();
                    s.put("t", (double) t).put("phase", t <= 30 ? "warmup" : t <= 630 ? "measure" : "drain");
                    s.put("sendRate", sample.path("sendRate").asDouble() * scale * (0.9 + 0.2 * Math.sin(t / 7.0)));
                    s.put("receiveRate", sample.path("receiveRate").asDouble() * scale * (0.9 + 0.2 * Math.cos(t / 5.0)));
                    samples.add(s);
                }
                points.add(p);
                ObjectNode sum = summary.deepCopy();
                sum.put("point", index++);
                sum.set("parameters", p.path("parameters").deepCopy());
                ((ObjectNode) sum.path("receivedRate")).put("mean", p.path("received").path("rate").asDouble());
                ((ObjectNode) sum.path("dispatchedRate")).put("mean", p.path("dispatched").path("rate").asDouble());
                ((ObjectNode) sum.path("overallRate")).put("mean", p.path("overallRate").asDouble());
                summaries.add(sum);
            }
        }
        return report.put("valid", false).put("scenarioFile", "fig8-size (made by ReportHtmlIT from a smoke run)");
    }
}
