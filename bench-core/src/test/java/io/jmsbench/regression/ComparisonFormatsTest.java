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
                new GateRules(0.05, 0.10, true), c.points(), c.onlyInBase(), c.onlyInNew(), c.model(), c.claims())
                .allValid());
    }

    @Test
    void theCostModelIsComparedWithTheFitsIntervals() throws IOException {
        ObjectNode base = tree("ci-smoke-base.json");
        ObjectNode next = tree("ci-smoke-again.json");
        model(base.putObject("model"), new double[] {1.0e-5, 2.0e-7, 3.0e-6}, new double[] {2e-6, 1e-7, 2e-7});
        model(next.putObject("model"), new double[] {1.1e-5, 2.0e-7, 1.5e-6}, null);
        RunComparison c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class),
                Json.MAPPER.treeToValue(next, Report.class), GateRules.DEFAULT, List.of());
        assertEquals(List.of("t_rcv", "t_fltr", "t_tx"), c.model().stream().map(ModelChange::parameter).toList());
        assertEquals(0.10, c.model().get(0).relativeChange(), 1e-9);
        assertEquals(-0.50, c.model().get(2).relativeChange(), 1e-9);
        assertEquals(ModelChange.Shift.NO_INTERVAL, c.model().get(2).shift(), "a fit from an older report has none");

        model(next.putObject("model"), new double[] {1.1e-5, 2.0e-7, 1.5e-6}, new double[] {2e-6, 1e-7, 2e-7});
        c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class), Json.MAPPER.treeToValue(next, Report.class),
                GateRules.DEFAULT, List.of());
        assertEquals(List.of(ModelChange.Shift.WITHIN_NOISE, ModelChange.Shift.WITHIN_NOISE, ModelChange.Shift.DOWN),
                c.model().stream().map(ModelChange::shift).toList());
        String text = ComparisonText.of(c);
        assertTrue(text.contains("  t_tx 3.00e-06 ± 2.0e-07 s -> 1.50e-06 ± 2.0e-07 s (-50.0%, less time per message:"
                + " the 95% intervals are apart)"), text);
        assertTrue(c.passes(), "the model is shown, never gated");
        assertTrue(Comparer.compare(report("ci-smoke-base.json"), Json.MAPPER.treeToValue(next, Report.class),
                GateRules.DEFAULT, List.of()).model().isEmpty(), "one side without a fit: nothing to compare");
    }

    @Test
    void eachComparedSetsModelIsComparedUnderItsName() throws IOException {
        ObjectNode base = tree("ci-smoke-base.json");
        ObjectNode next = tree("ci-smoke-again.json");
        for (ObjectNode report : List.of(base, next)) {
            ObjectNode models = report.putObject("models");
            model(models.putObject("activemq"), new double[] {1.0e-5, 2.0e-7, 3.0e-6}, new double[] {2e-6, 1e-7, 2e-7});
            model(models.putObject("artemis"), new double[] {1.0e-5, 2.0e-7, 3.0e-6}, new double[] {2e-6, 1e-7, 2e-7});
        }
        ((ObjectNode) next.path("models")).remove("artemis");
        RunComparison c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class),
                Json.MAPPER.treeToValue(next, Report.class), GateRules.DEFAULT, List.of());
        assertEquals(List.of("activemq t_rcv", "activemq t_fltr", "activemq t_tx"),
                c.model().stream().map(ChangeWords::modelParameter).toList(), "a set fitted on one side only is left out");
        assertTrue(ComparisonMarkdown.of(c).contains("| activemq t_tx | 3.00e-06 ± 2.0e-07 s -> 3.00e-06 ± 2.0e-07 s"
                + " (+0.0%, within the noise: the 95% intervals overlap) |"), ComparisonMarkdown.of(c));
    }

    /** A fit with these t_rcv, t_fltr and t_tx and, unless {@code halfWidths} is null, their 95% intervals. */
    private static void model(ObjectNode m, double[] values, double[] halfWidths) {
        m.put("tRcv", values[0]).put("tFltr", values[1]).put("tTx", values[2]).put("rSquared", 0.9);
        m.putArray("residuals");
        m.put("looMedianRelativeError", 0.1).put("looWorstRelativeError", 0.2);
        m.putArray("warnings");
        m.put("pointsUsed", 6);
        m.putArray("pointsUsedLabels");
        if (halfWidths != null) {
            ArrayNode estimates = m.putArray("estimates");
            for (int i = 0; i < 3; i++) {
                estimates.addObject().put("name", List.of("t_rcv", "t_fltr", "t_tx").get(i)).put("value", values[i])
                        .put("standardError", halfWidths[i] / 3.18).put("low95", values[i] - halfWidths[i])
                        .put("high95", values[i] + halfWidths[i]).put("clamped", false);
            }
        }
    }

    @Test
    void aClaimBrokenFailsTheGateAndOneLostLeavesItInconclusive() throws Exception {
        ObjectNode base = tree("ci-smoke-base.json");
        ObjectNode next = tree("ci-smoke-again.json");
        claims(base, "received falls with r", "HOLDS", "overall rises with r", "HOLDS", "a ratio", "CONTRADICTED");
        claims(next, "received falls with r", "CONTRADICTED", "overall rises with r", "INCONCLUSIVE", "a ratio", "HOLDS",
                "a new claim", "HOLDS");
        RunComparison c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class),
                Json.MAPPER.treeToValue(next, Report.class), GateRules.DEFAULT, List.of());
        assertEquals(List.of(ClaimChange.Change.BROKEN, ClaimChange.Change.LOST, ClaimChange.Change.NOW_HOLDS,
                ClaimChange.Change.ONE_SIDE), c.claims().stream().map(ClaimChange::change).toList());
        assertTrue(c.regressions().isEmpty(), "no point is slower");
        assertEquals(RunComparison.Outcome.FAILED, c.outcome());
        String text = ComparisonText.of(c);
        assertTrue(text.contains("CLAIM BROKEN received falls with r: holds -> contradicted (broken: held in base,"
                + " contradicted in new)"), text);
        assertTrue(text.contains("CLAIM LOST overall rises with r: holds -> inconclusive"), text);
        assertTrue(text.contains("  a new claim: not stated -> holds (stated by one run only)"), text);
        assertTrue(ComparisonOutcome.sentence(c).contains("1 claim broken (held in base, contradicted in new); 1 claim"
                + " lost (held in base, inconclusive in new)"), ComparisonOutcome.sentence(c));
        String xml = JunitReport.of(c);
        javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertTrue(xml.contains("<testcase classname=\"jmsbench.ci-smoke\" name=\"claim: received falls with r\""
                + " time=\"0\">\n    <failure type=\"claim\""), xml);
        assertTrue(xml.contains("name=\"claim: overall rises with r\" time=\"0\">\n    <skipped"), xml);
        JsonNode gate = Json.MAPPER.readTree(ComparisonJson.of(c)).path("gate");
        assertEquals(1, gate.path("claimsBroken").size());
        assertEquals(1, gate.path("claimsLost").size());

        claims(next, "received falls with r", "HOLDS", "overall rises with r", "INCONCLUSIVE", "a ratio", "HOLDS");
        c = Comparer.compare(Json.MAPPER.treeToValue(base, Report.class), Json.MAPPER.treeToValue(next, Report.class),
                GateRules.DEFAULT, List.of());
        assertEquals(RunComparison.Outcome.INCONCLUSIVE, c.outcome(), "a claim the new run cannot tell: measure again");
    }

    /** Sets the report's claims: statement, verdict, statement, verdict, ... */
    private static void claims(ObjectNode report, String... statementsAndVerdicts) {
        ArrayNode claims = report.putArray("claims");
        for (int i = 0; i < statementsAndVerdicts.length; i += 2) {
            ObjectNode c = claims.addObject();
            c.putObject("claim").put("metric", "RECEIVED").put("shape", "DECREASING").put("key", "r");
            c.put("statement", statementsAndVerdicts[i]).put("verdict", statementsAndVerdicts[i + 1]).putArray("groups");
        }
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
