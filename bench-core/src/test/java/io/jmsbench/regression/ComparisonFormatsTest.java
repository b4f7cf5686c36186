package io.jmsbench.regression;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every format of a comparison of real reports (runs of scenarios/ci-smoke.yaml on the 2-core VM,
 * kept under src/test/resources/regression) against golden files. After a deliberate change of a
 * format, regenerate them with {@code -Dgolden.update=true} and read the diff before committing.
 */
class ComparisonFormatsTest {

    private static final Path GOLDEN = Path.of("src/test/resources/regression/golden");

    static Report report(String name) throws IOException {
        return Json.MAPPER.treeToValue(tree(name), Report.class);
    }

    static ObjectNode tree(String name) throws IOException {
        try (InputStream in = ComparisonFormatsTest.class.getResourceAsStream("/regression/" + name)) {
            return (ObjectNode) Json.MAPPER.readTree(in);
        }
    }

    private static RunComparison halfRate() throws IOException {
        return Comparer.compare(report("ci-smoke-base.json"), report("ci-smoke-half-rate.json"), GateRules.DEFAULT,
                List.of());
    }

    @Test
    void theHalfRateRunFailsTheGateOnItsRatesAndNamesThePoint() throws IOException {
        RunComparison c = halfRate();
        assertFalse(c.passes());
        assertEquals(List.of("ci-smoke"), c.regressions().stream().map(PointComparison::label).toList());
        assertEquals(List.of(Metric.RECEIVED, Metric.DISPATCHED, Metric.OVERALL),
                c.regressions().get(0).failures().stream().map(MetricChange::metric).toList());
        String text = ComparisonText.of(c);
        assertTrue(text.contains("REGRESSION ci-smoke: received 100,904 ± 4,827 -> 50,451 ± 4,917 msgs/s"), text);
    }

    @Test
    void twoUnchangedRunsPass() throws IOException {
        RunComparison c = Comparer.compare(report("ci-smoke-base.json"), report("ci-smoke-again.json"),
                GateRules.DEFAULT, List.of());
        assertTrue(c.passes(), ComparisonText.of(c));
        assertTrue(c.regressions().isEmpty());
    }

    @Test
    void aFallMeasuredBesideOtherWorkIsInconclusiveNotARegression() throws IOException {
        // a real run whose host was busy with a build beside it (the judge's CPU_RULE_FOREIGN_LOAD): 62,574 msgs/s
        RunComparison c = Comparer.compare(report("ci-smoke-base.json"), report("ci-smoke-beside-other-work.json"),
                GateRules.DEFAULT, List.of());
        assertTrue(c.regressions().isEmpty(), ComparisonText.of(c));
        assertEquals(List.of("ci-smoke"), c.inconclusive().stream().map(PointComparison::label).toList());
        assertEquals(RunComparison.Outcome.INCONCLUSIVE, c.outcome());
        assertFalse(c.passes());
        String text = ComparisonText.of(c);
        assertTrue(text.contains("INCONCLUSIVE ci-smoke: received 100,904 ± 4,827 -> 62,574 ± 7,525 msgs/s (-38.0%), "
                + "but other work took the host's cores (new [CPU_RULE_FOREIGN_LOAD]): measure it again on a quiet "
                + "host"), text);
        assertTrue(text.contains("1 point inconclusive"), text);
        assertFalse(Comparer.compare(report("ci-smoke-base.json"), report("ci-smoke-beside-other-work.json"),
                new GateRules(0.05, 0.10, true), List.of()).passes(), "under --require-valid it is not valid");
    }

    @Test
    void requireValidFailsOnPointsThatAreNotValidOnBothSides() throws IOException {
        RunComparison c = Comparer.compare(report("ci-smoke-base.json"), report("ci-smoke-again.json"),
                new GateRules(0.05, 0.10, true), List.of());
        assertFalse(c.notValid().isEmpty(), "the kept runs are invalid: a shared 2-core host");
        assertFalse(c.passes());
    }

    @Test
    void aReportWrittenBeforeTheScenarioHashComparesByName() throws IOException {
        RunFingerprint old = RunFingerprint.of(report("smoke-written-by-c2d3522.json"));
        RunFingerprint now = RunFingerprint.of(report("smoke.json"));
        assertTrue(old.scenarioByNameOnly(now));
        assertEquals(List.of(), old.differences(now));
        RunComparison c = Comparer.compare(report("smoke-written-by-c2d3522.json"), report("smoke.json"),
                GateRules.DEFAULT, List.of());
        assertEquals(1, c.points().size());
        assertTrue(ComparisonText.of(c).contains("compared by scenario name only"));
    }

    @Test
    void runsOfDifferentScenariosDifferInTheirScenario() throws IOException {
        assertEquals(List.of(FingerprintPart.SCENARIO), RunFingerprint.of(report("smoke.json"))
                .differences(RunFingerprint.of(report("ci-smoke-base.json"))));
        ObjectNode edited = tree("ci-smoke-again.json");
        edited.put("scenarioSha256", "0".repeat(64));
        assertEquals(List.of(FingerprintPart.SCENARIO), RunFingerprint.of(report("ci-smoke-base.json"))
                .differences(RunFingerprint.of(Json.MAPPER.treeToValue(edited, Report.class))));
    }

    @Test
    void anotherBrokerVersionIsADifference() throws IOException {
        ObjectNode edited = tree("ci-smoke-again.json");
        ((ObjectNode) edited.path("environment").path("broker")).put("version", "6.1.0");
        for (JsonNode p : edited.path("points")) {
            ((ObjectNode) p.path("environment").path("broker")).put("version", "6.1.0");
        }
        assertEquals(List.of(FingerprintPart.BROKER), RunFingerprint.of(report("ci-smoke-base.json"))
                .differences(RunFingerprint.of(Json.MAPPER.treeToValue(edited, Report.class))));
    }

    @Test
    void pointsAreMatchedByParametersAndThoseOnOneSideAreListed() throws IOException {
        ObjectNode base = tree("ci-smoke-base.json");
        ObjectNode next = tree("ci-smoke-again.json");
        sweep(base, 10, 20);
        sweep(next, 20, 40);
        RunComparison c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class),
                Json.MAPPER.treeToValue(next, Report.class), GateRules.DEFAULT, List.of());
        assertEquals(List.of("ci-smoke[subscribers[0].clients=20]"),
                c.points().stream().map(PointComparison::label).toList());
        assertEquals(List.of("ci-smoke[subscribers[0].clients=10]"), c.onlyInBase());
        assertEquals(List.of("ci-smoke[subscribers[0].clients=40]"), c.onlyInNew());
        assertFalse(new RunComparison(c.schema(), c.scenario(), c.base(), c.next(), List.of(),
                new GateRules(0.05, 0.10, true), c.points(), c.onlyInBase(), c.onlyInNew(), c.model()).allValid());
    }

    @Test
    void theCostModelIsComparedWhenBothRunsFittedIt() throws IOException {
        ObjectNode base = tree("ci-smoke-base.json");
        ObjectNode next = tree("ci-smoke-again.json");
        model(base, 1.0e-5, 2.0e-7, 3.0e-6);
        model(next, 1.1e-5, 2.0e-7, 1.5e-6);
        RunComparison c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class),
                Json.MAPPER.treeToValue(next, Report.class), GateRules.DEFAULT, List.of());
        assertEquals(List.of("t_rcv", "t_fltr", "t_tx"), c.model().stream().map(ModelChange::parameter).toList());
        assertEquals(0.10, c.model().get(0).relativeChange(), 1e-9);
        assertEquals(-0.50, c.model().get(2).relativeChange(), 1e-9);
        assertTrue(ComparisonText.of(c).contains("t_tx   3.000e-06 s -> 1.500e-06 s  -50.0%"), ComparisonText.of(c));
        assertTrue(Comparer.compare(report("ci-smoke-base.json"), Json.MAPPER.treeToValue(next, Report.class),
                GateRules.DEFAULT, List.of()).model().isEmpty(), "one side without a fit: nothing to compare");
    }

    private static void model(ObjectNode report, double tRcv, double tFltr, double tTx) {
        ObjectNode m = report.putObject("model");
        m.put("tRcv", tRcv).put("tFltr", tFltr).put("tTx", tTx).put("rSquared", 0.9);
        m.putArray("residuals");
        m.put("looMedianRelativeError", 0.1).put("looWorstRelativeError", 0.2);
        m.putArray("warnings");
        m.put("pointsUsed", 6);
        m.putArray("pointsUsedLabels");
    }

    /** Makes the report's one point two points of a sweep over the subscribers' clients. */
    private static void sweep(ObjectNode report, int first, int second) {
        ArrayNode points = (ArrayNode) report.path("points");
        ObjectNode copy = points.get(0).deepCopy();
        ((ObjectNode) points.get(0)).putObject("parameters").put("subscribers[0].clients", first);
        copy.putObject("parameters").put("subscribers[0].clients", second);
        points.add(copy);
    }

    @Test
    void textMatchesItsGoldenFile() throws IOException {
        golden("half-rate.txt", ComparisonText.of(halfRate()));
    }

    @Test
    void markdownMatchesItsGoldenFile() throws IOException {
        golden("half-rate.md", ComparisonMarkdown.of(halfRate()));
    }

    @Test
    void jsonMatchesItsGoldenFile() throws IOException {
        String json = ComparisonJson.of(halfRate());
        golden("half-rate.json", json);
        JsonNode root = Json.MAPPER.readTree(json);
        assertEquals(RunComparison.SCHEMA, root.path("schema").asText());
        assertFalse(root.path("gate").path("passes").asBoolean(true));
    }

    @Test
    void githubBenchmarkMatchesItsGoldenFiles() throws IOException {
        golden("half-rate-github-rates.json", GithubBenchmark.rates(halfRate()));
        golden("half-rate-github-latency.json", GithubBenchmark.latencies(halfRate()));
        JsonNode rates = Json.MAPPER.readTree(GithubBenchmark.rates(halfRate()));
        assertEquals(3, rates.size());
        assertEquals("msgs/s", rates.get(0).path("unit").asText());
    }

    @Test
    void junitMatchesItsGoldenFileAndParses() throws Exception {
        String xml = JunitReport.of(halfRate());
        golden("half-rate-junit.xml", xml);
        var doc = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
        assertEquals(3, doc.getElementsByTagName("failure").getLength());
    }

    private static void golden(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(file, actual);
        }
        assertEquals(Files.readString(file), actual, "the " + name + " output changed; if on purpose, rerun with "
                + "-Dgolden.update=true and review the diff");
    }
}
