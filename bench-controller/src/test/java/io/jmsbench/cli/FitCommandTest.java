package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.model.CostModel;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static io.jmsbench.model.CostModel.PAPER_T_FLTR;
import static io.jmsbench.model.CostModel.PAPER_T_RCV;
import static io.jmsbench.model.CostModel.PAPER_T_TX;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code jmsbench fit} through the real command line, in-process, on synthetic report.json files. */
@Timeout(60)
class FitCommandTest {

    private static final String NL = System.lineSeparator();
    private static final String CPU_REASON = "cpu rule: broker not saturated: the shared host was 71.0% busy (< 95%),"
            + " so the broker was not the bottleneck";
    private static final String SHARED_HOST = "shared host: broker, publishers and subscribers share this machine's"
            + " 8 cores, so this is not a testbed capacity figure";
    private static final String DRAIN_REASON = "drain ended timeout with 12 of 4000 expected receipts missing";

    @TempDir
    Path dir;

    record Result(int exit, String out, String err) {
    }

    private static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        if (!cli.getSubcommands().containsKey("fit")) {
            cli.addSubcommand("fit", new FitCommand());
        }
        int exit = cli.setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true)).execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /** A point as the run writes it, measured exactly as the paper's parameters predict. */
    private static ObjectNode point(int r, int mAdd, boolean valid, List<String> reasons, List<String> labels) {
        int filters = r + mAdd;
        double rate = 1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, filters, r);
        ObjectNode p = Json.MAPPER.createObjectNode();
        p.putObject("parameters").put("subscribers[0].clients", r).put("subscribers[1].clients", mAdd);
        p.put("repeat", 1);
        p.put("valid", valid);
        reasons.forEach(p.putArray("invalidReasons")::add);
        if (reasons.isEmpty()) {
            p.putArray("invalidReasons");
        }
        ArrayNode labelArray = p.putArray("labels");
        labels.forEach(labelArray::add);
        p.putObject("received").put("messages", Math.round(rate * 60)).put("rate", rate).put("seconds", 60.0);
        p.putObject("dispatched").put("messages", Math.round(rate * 60) * r).put("rate", rate * r)
                .put("seconds", 60.0);
        p.put("overallRate", rate * (r + 1));
        p.putObject("replicationGrade").put("expected", (double) r).put("measured", (double) r);
        p.put("filters", filters);
        return p;
    }

    private static ObjectNode valid(int r, int mAdd) {
        return point(r, mAdd, true, List.of(), List.of());
    }

    /** The paper's grid, r in {1, 2, 5, 10} by m_add in {5, 10, 20, 40}, every point valid. */
    private static List<ObjectNode> paperGrid() {
        List<ObjectNode> points = new ArrayList<>();
        for (int r : new int[] {1, 2, 5, 10}) {
            for (int mAdd : new int[] {5, 10, 20, 40}) {
                points.add(valid(r, mAdd));
            }
        }
        return points;
    }

    /** A report.json of {@code points}, with beside them only what every report has. */
    private Path report(String name, List<ObjectNode> points) throws IOException {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("schema", "jmsbench.report/1");
        root.put("runId", name);
        root.put("status", "completed");
        root.put("valid", points.stream().allMatch(p -> p.path("valid").asBoolean()));
        ArrayNode array = root.putArray("points");
        points.forEach(array::add);
        root.putArray("summary");
        Path file = dir.resolve(name).resolve("report.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(root) + "\n");
        return file;
    }

    private static List<String> lines(String text) {
        return List.of(text.split("\\R"));
    }

    private static Stream<Path> filesUnder(Path root) throws IOException {
        return Files.walk(root).filter(Files::isRegularFile);
    }

    @Test
    void fitsThePaperGridPrintsTheParametersAndStoresTheModel() throws IOException {
        Path file = report("grid", paperGrid());
        JsonNode before = Json.MAPPER.readTree(file.toFile());

        Result result = execute("fit", file.toString());

        assertEquals("", result.err());
        assertEquals(ExitCodes.OK, result.exit());
        List<String> out = lines(result.out());
        assertEquals("jmsbench fit: " + file, out.get(0));
        assertEquals("points: 16 used, 0 skipped", out.get(1));
        assertTrue(out.contains("              fitted        ± s.e.  95% interval            paper (ActiveMQ 4.0)"),
                result.out());
        // noise-free points: the standard errors are rounding noise, the intervals collapse onto the values
        assertTrue(result.out().matches("(?s).*\\R  t_rcv   4\\.90e-05 s  ± \\S+ s"
                + "  \\[4\\.90e-05, 4\\.90e-05\\] s  4\\.90e-05 s\\R.*"), result.out());
        assertTrue(result.out().matches("(?s).*\\R  t_fltr  1\\.60e-07 s  ± \\S+ s"
                + "  \\[1\\.60e-07, 1\\.60e-07\\] s  1\\.60e-07 s\\R.*"), result.out());
        assertTrue(result.out().matches("(?s).*\\R  t_tx    1\\.50e-05 s  ± \\S+ s"
                + "  \\[1\\.50e-05, 1\\.50e-05\\] s  1\\.50e-05 s\\R.*"), result.out());
        assertTrue(out.contains("  R^2 on B  1.000000"), result.out());
        assertTrue(out.contains("  subscribers[0].clients=10, subscribers[1].clients=40       50   10.0000"
                + "       4,831       4,831    +0.00%"), result.out());
        assertTrue(out.contains("leave-one-out (each point predicted from a fit on the others):"
                + " median error 0.00%, worst 0.00%"), result.out());
        assertTrue(out.contains("warnings: none"), result.out());
        assertEquals("model stored in " + file + " under \"model\"", out.get(out.size() - 1));

        JsonNode after = Json.MAPPER.readTree(file.toFile());
        JsonNode model = after.get("model");
        assertEquals(PAPER_T_RCV, model.get("tRcv").asDouble(), 1e-9 * PAPER_T_RCV);
        assertEquals(PAPER_T_FLTR, model.get("tFltr").asDouble(), 1e-9 * PAPER_T_FLTR);
        assertEquals(PAPER_T_TX, model.get("tTx").asDouble(), 1e-9 * PAPER_T_TX);
        assertEquals(16, model.get("pointsUsed").asInt());
        assertEquals(16, model.get("residuals").size());
        assertEquals(13, model.get("degreesOfFreedom").asInt());
        assertEquals(List.of(), Json.MAPPER.convertValue(model.get("excluded"), List.class));
        double[] paper = {PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX};
        for (int j = 0; j < 3; j++) {
            JsonNode e = model.get("estimates").get(j);
            assertEquals(List.of("t_rcv", "t_fltr", "t_tx").get(j), e.get("name").asText());
            assertTrue(e.get("standardError").asDouble() < 1e-12 * paper[j], e.toString());
            assertTrue(e.get("low95").asDouble() > 0 && !e.get("clamped").asBoolean(), e.toString());
        }
        assertEquals("subscribers[0].clients=1, subscribers[1].clients=5",
                model.get("pointsUsedLabels").get(0).asText());
        ((ObjectNode) after).remove("model");
        assertEquals(before, after, "everything but model is kept");
        assertEquals(List.of(file), filesUnder(dir).toList(), "no temp file left behind");

        // a second fit replaces the model instead of adding another
        String stored = Files.readString(file);
        assertEquals(ExitCodes.OK, execute("fit", file.getParent().toString()).exit());
        assertEquals(stored, Files.readString(file));
    }

    @Test
    void predictsFromThePaperParameters() throws IOException {
        Path file = report("grid", paperGrid());

        Result result = execute("fit", file.toString(), "--predict", "filters=200,r=10", "--predict", "filters=0,r=1");

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        // B = 4.9e-5 + 200 * 1.6e-7 + 10 * 1.5e-5 = 2.31e-4 s: 1 / B = 4,329 msgs/s, 11 / B = 47,619 msgs/s
        // noise-free points: the prediction interval collapses onto the value
        assertTrue(lines(result.out()).contains("predict filters=200,r=10: received 4,329 msgs/s (95% prediction"
                + " interval 4,329 to 4,329), overall 47,619 msgs/s (95% prediction interval 47,619 to 47,619)"),
                result.out());
        // B = 4.9e-5 + 1.5e-5 = 6.4e-5 s: 15,625 and 31,250 msgs/s
        assertTrue(lines(result.out()).contains("predict filters=0,r=1: received 15,625 msgs/s (95% prediction"
                + " interval 15,625 to 15,625), overall 31,250 msgs/s (95% prediction interval 31,250 to 31,250)"),
                result.out());
    }

    @Test
    void aPredictionFromNoisyPointsHasAnIntervalAroundItAndOverallIsRPlusOneTimesReceived() throws IOException {
        Path file = report("noisy", noisyGrid());

        Result result = execute("fit", file.toString(), "--predict", "filters=200,r=10");

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        String line = lines(result.out()).stream().filter(l -> l.startsWith("predict ")).findFirst().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("predict filters=200,r=10: received ([0-9,]+) msgs/s"
                + " \\(95% prediction interval ([0-9,]+) to ([0-9,]+)\\), overall ([0-9,]+) msgs/s \\(95% prediction"
                + " interval ([0-9,]+) to ([0-9,]+)\\)").matcher(line);
        assertTrue(m.matches(), line);
        double[] v = new double[6];
        for (int i = 0; i < 6; i++) {
            v[i] = Double.parseDouble(m.group(i + 1).replace(",", ""));
        }
        assertTrue(v[1] < v[0] && v[0] < v[2], "3% noise widens the interval around the prediction: " + line);
        for (int i = 0; i < 3; i++) {
            assertEquals(11 * v[i], v[i + 3], 11, "overall = 11 × received at r=10: " + line);
        }
    }

    @Test
    void usesValidAndSharedHostCpuOnlyPointsAndSaysWhyOthersAreSkipped() throws IOException {
        List<ObjectNode> points = new ArrayList<>(paperGrid().subList(0, 4));
        points.add(point(5, 5, false, List.of(CPU_REASON), List.of(SHARED_HOST)));
        points.add(point(5, 10, false, List.of(CPU_REASON, DRAIN_REASON), List.of(SHARED_HOST)));
        points.add(point(5, 20, false, List.of("3 send errors (last: timeout)"), List.of(SHARED_HOST)));
        points.add(point(10, 5, false, List.of(CPU_REASON), List.of()));
        ObjectNode noRate = point(10, 10, false, List.of("aborted: agent lost"), List.of(SHARED_HOST));
        ((ObjectNode) noRate.get("received")).put("rate", "NaN");
        points.add(noRate);
        Path file = report("mixed", points);

        Result result = execute("fit", file.toString());

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        String label = "subscribers[0].clients=%d, subscribers[1].clients=%d";
        List<String> expected = List.of(
                "points: 5 used, 4 skipped",
                "  skipped " + label.formatted(5, 10) + ": invalid: " + CPU_REASON + "; " + DRAIN_REASON,
                "  skipped " + label.formatted(5, 20) + ": invalid: 3 send errors (last: timeout)",
                "  skipped " + label.formatted(10, 5) + ": invalid: " + CPU_REASON,
                "  skipped " + label.formatted(10, 10) + ": no positive received rate: found NaN",
                "  used " + label.formatted(5, 5) + ": shared host, used although invalid: " + CPU_REASON);
        assertEquals(expected, lines(result.out()).subList(1, 7));
        assertTrue(result.out().contains("warnings:" + NL + "  - 1 of 5 points come from one machine (shared host,"
                + " 1 of them invalid by the CPU rules only): the parameters describe that machine, not a testbed"
                + " broker" + NL), result.out());

        Result all = execute("fit", file.toString(), "--include-invalid");

        assertEquals(ExitCodes.OK, all.exit(), all.err());
        assertEquals("points: 8 used, 1 skipped", lines(all.out()).get(1));
        assertTrue(all.out().contains("warnings:" + NL + "  - 3 of 8 points come from one machine (shared host):"
                + " the parameters describe that machine, not a testbed broker" + NL
                + "  - 4 of 8 points are invalid and were used because of --include-invalid" + NL), all.out());
        assertEquals(8, Json.MAPPER.readTree(file.toFile()).get("model").get("pointsUsed").asInt());
    }

    /** The same point with findings by code, in words no rule knows. */
    private static ObjectNode withFindings(ObjectNode point, String... codeSeverity) {
        ArrayNode findings = point.putArray("findings");
        for (int i = 0; i < codeSeverity.length; i += 2) {
            findings.addObject().put("code", codeSeverity[i]).put("severity", codeSeverity[i + 1])
                    .put("text", "reworded freely, " + i);
        }
        return point;
    }

    @Test
    void reportsWithFindingsAreSelectedByCodeWhateverTheSentencesSay() throws IOException {
        List<ObjectNode> points = new ArrayList<>(paperGrid().subList(0, 4));
        points.add(withFindings(point(5, 5, false, List.of("the broker idled"), List.of("one box")),
                "CPU_RULE_BROKER", "INVALID", "SHARED_HOST", "NOTE"));
        points.add(withFindings(point(5, 10, false, List.of("the broker idled", "late"), List.of("one box")),
                "CPU_RULE_BROKER", "INVALID", "DRAIN_TIMEOUT", "INVALID", "SHARED_HOST", "NOTE"));
        points.add(withFindings(point(5, 20, false, List.of("from a newer jmsbench"), List.of("one box")),
                "SOME_FUTURE_RULE", "INVALID", "SHARED_HOST", "NOTE"));
        points.add(withFindings(point(10, 5, false, List.of(CPU_REASON), List.of(SHARED_HOST)),
                "CPU_RULE_CLIENT", "INVALID"));
        Path file = report("coded", points);

        Result result = execute("fit", file.toString());

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        assertEquals("points: 5 used, 3 skipped", lines(result.out()).get(1), result.out());
        assertTrue(result.out().contains("  used subscribers[0].clients=5, subscribers[1].clients=5: shared host, used "
                + "although invalid: the broker idled"), result.out());
        assertTrue(result.out().contains("  skipped subscribers[0].clients=10, subscribers[1].clients=5: invalid: "
                + CPU_REASON), "no SHARED_HOST code: the old sentence alone does not make it one: " + result.out());
    }

    @Test
    void warnsWhenTheDesignCannotSeparateTheParameters() throws IOException {
        Path file = report("r-only", List.of(valid(1, 5), valid(2, 5), valid(5, 5), valid(10, 5)));

        Result result = execute("fit", file.toString());

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        assertTrue(result.out().contains("warnings:" + NL + "  - n_fltr and r are collinear (n_fltr = r + 5 at every"
                + " point): t_fltr cannot be told apart from t_rcv and t_tx; sweep the extra non-matching filters"
                + " independently of r" + NL), result.out());
    }

    @Test
    void fitsAcrossReportsWithoutStoringIntoEither() throws IOException {
        List<ObjectNode> grid = paperGrid();
        Path first = report("first", grid.subList(0, 8));
        Path second = report("second", grid.subList(8, 16));
        String firstText = Files.readString(first);
        String secondText = Files.readString(second);

        Result result = execute("fit", first.toString(), second.toString());

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        List<String> out = lines(result.out());
        assertEquals(List.of("jmsbench fit: 2 reports", "  [1] " + first, "  [2] " + second,
                "points: 16 used, 0 skipped"), out.subList(0, 4));
        assertTrue(result.out().contains(NL + "  t_fltr  1.60e-07 s  ± "), result.out());
        assertTrue(result.out().contains("  [2] subscribers[0].clients=10, subscribers[1].clients=40 "));
        assertEquals("model not stored: fitted across 2 reports (give one report to store its fit in it)",
                out.get(out.size() - 1));
        assertEquals(firstText, Files.readString(first));
        assertEquals(secondText, Files.readString(second));
    }

    /** A valid point whose received rate is the paper's times {@code factor}, e.g. noise or saturation. */
    private static ObjectNode scaled(int r, int mAdd, double factor) {
        ObjectNode p = valid(r, mAdd);
        ((ObjectNode) p.get("received")).put("rate", p.get("received").get("rate").asDouble() * factor);
        return p;
    }

    /** The paper's grid with up to 3% seeded noise on every received rate. */
    private static List<ObjectNode> noisyGrid() {
        Random noise = new Random(11);
        List<ObjectNode> points = new ArrayList<>();
        for (int r : new int[] {1, 2, 5, 10}) {
            for (int mAdd : new int[] {5, 10, 20, 40}) {
                points.add(scaled(r, mAdd, 1 + 0.03 * (2 * noise.nextDouble() - 1)));
            }
        }
        return points;
    }

    @Test
    void maxRLeavesOutTheHighGradesWithATypedReason() throws IOException {
        List<ObjectNode> points = new ArrayList<>(paperGrid());
        points.add(scaled(20, 5, 0.5)); // the broker saturates at high r: off the model, as in the paper
        points.add(scaled(40, 5, 0.5));
        Path file = report("high-r", points);

        Result result = execute("fit", file.toString(), "--max-r", "10");

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        List<String> out = lines(result.out());
        assertEquals(List.of("points: 16 used, 2 skipped",
                "  skipped subscribers[0].clients=20, subscribers[1].clients=5: above --max-r: measured r 20.0000 > 10",
                "  skipped subscribers[0].clients=40, subscribers[1].clients=5: above --max-r: measured r 40.0000 > 10"),
                out.subList(1, 4));
        JsonNode model = Json.MAPPER.readTree(file.toFile()).get("model");
        assertEquals(16, model.get("pointsUsed").asInt());
        assertEquals(PAPER_T_TX, model.get("tTx").asDouble(), 1e-9 * PAPER_T_TX, "the high grades did not pull t_tx");
        JsonNode excluded = model.get("excluded");
        assertEquals(2, excluded.size());
        assertEquals("subscribers[0].clients=20, subscribers[1].clients=5", excluded.get(0).get("label").asText());
        assertEquals("ABOVE_MAX_R", excluded.get(0).get("reason").asText());
        assertEquals("measured r 20.0000 > 10", excluded.get(0).get("detail").asText());
        assertEquals("ABOVE_MAX_R", excluded.get(1).get("reason").asText());

        Result all = execute("fit", file.toString());
        assertEquals("points: 18 used, 0 skipped", lines(all.out()).get(1));
        assertTrue(Math.abs(Json.MAPPER.readTree(file.toFile()).get("model").get("tTx").asDouble() - PAPER_T_TX)
                > 0.05 * PAPER_T_TX, "without --max-r the saturated points are fitted too");
    }

    @Test
    void skippedPointsAreStoredWithTheirTypedReason() throws IOException {
        List<ObjectNode> points = new ArrayList<>(paperGrid());
        points.add(point(5, 5, false, List.of(DRAIN_REASON), List.of()));
        ObjectNode noGrade = valid(2, 5);
        noGrade.remove("replicationGrade");
        points.add(noGrade);
        Path file = report("typed", points);

        assertEquals(ExitCodes.OK, execute("fit", file.toString()).exit());

        JsonNode excluded = Json.MAPPER.readTree(file.toFile()).get("model").get("excluded");
        assertEquals(List.of("INVALID", "NO_REPLICATION_GRADE"),
                List.of(excluded.get(0).get("reason").asText(), excluded.get(1).get("reason").asText()));
        assertEquals(DRAIN_REASON, excluded.get(0).get("detail").asText());
        assertEquals("found missing", excluded.get(1).get("detail").asText());
    }

    @Test
    void holdoutPrintsThePredictionsOfTheHeldOutPointsAndStoresNothing() throws IOException {
        Path file = report("noisy", noisyGrid());
        String before = Files.readString(file);

        Result result = execute("fit", file.toString(), "--holdout", "2", "--seed", "7");

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        assertEquals("", result.err());
        List<String> out = lines(result.out());
        assertEquals("points: 14 used, 2 skipped", out.get(1));
        List<String> held = out.stream().filter(l -> l.startsWith("  skipped ")).toList();
        assertEquals(2, held.size(), result.out());
        assertTrue(held.stream().allMatch(l -> l.endsWith(": held out: seed 7")), result.out());

        int table = out.indexOf("held out 2 points chosen at random (seed 7), predicted by the fit on the other 14"
                + " (received rate, msgs/s):");
        assertTrue(table > 0, result.out());
        assertTrue(out.get(table + 1).matches("  point +filters +r +measured +predicted +95% prediction interval"
                + " +error +inside"), out.get(table + 1));
        for (int i = 0; i < 2; i++) {
            String row = out.get(table + 2 + i);
            String label = held.get(i).substring("  skipped ".length(), held.get(i).indexOf(": held out"));
            assertTrue(row.startsWith("  " + label + " "), row);
            assertTrue(row.matches(".* \\[[0-9,]+, [0-9,]+\\] +[+-]\\d+\\.\\d\\d% +(yes|no)"), row);
            List<String> residuals = out.subList(out.indexOf("residuals (received rate, msgs/s; error = (predicted"
                    + " - measured) / measured):"), table);
            assertFalse(residuals.stream().anyMatch(l -> l.startsWith("  " + label + " ")),
                    "a held-out point is not among the residuals of the fit: " + label);
        }
        assertTrue(out.get(table + 4).matches("held out: median \\|error\\| \\d+\\.\\d\\d%, worst \\d+\\.\\d\\d%;"
                + " [0-2] of 2 inside their 95% prediction intervals"), out.get(table + 4));
        assertEquals("model not stored: fitted without the 2 held-out points (run without --holdout to store the fit"
                + " on all points)", out.get(out.size() - 1));
        assertEquals(before, Files.readString(file), "with --holdout the report is left as it was");

        assertEquals(result, execute("fit", file.toString(), "--holdout", "2", "--seed", "7"), "same seed, same output");
        Result other = execute("fit", file.toString(), "--holdout", "2", "--seed", "8");
        assertEquals(ExitCodes.OK, other.exit());
        assertFalse(result.out().equals(other.out()), "another seed holds out other points");
        Result defaultSeed = execute("fit", file.toString(), "--holdout", "2");
        assertTrue(defaultSeed.out().contains("held out 2 points chosen at random (seed 1)"), defaultSeed.out());
    }

    @Test
    void theHeldOutPredictionMatchesTheFitOnTheOtherPoints() throws IOException {
        // 5 points: holding out 1 leaves 4; which one is held out, the table shows the model of the other 4
        List<ObjectNode> points = List.of(valid(1, 5), valid(2, 20), valid(5, 10), valid(10, 40), valid(5, 40));
        Path file = report("five", points);

        Result result = execute("fit", file.toString(), "--holdout", "1", "--seed", "3");

        assertEquals(ExitCodes.OK, result.exit(), result.err());
        // noise-free: the fit on 4 points is exact, so the held-out point is predicted with +0.00% error
        assertTrue(result.out().contains("held out: median |error| 0.00%, worst 0.00%;"), result.out());
    }

    @Test
    void brokersSideBySideAreFittedOneAtATimeNeverTogether() throws IOException {
        List<ObjectNode> points = new ArrayList<>();
        for (ObjectNode p : paperGrid()) {
            ObjectNode slow = p.deepCopy();
            ((ObjectNode) slow.get("parameters")).put("compare", "ActiveMQ Classic");
            points.add(slow);
            ObjectNode fast = p.deepCopy();
            ((ObjectNode) fast.get("parameters")).put("compare", "Artemis");
            ((ObjectNode) fast.get("received")).put("rate", 2 * p.path("received").path("rate").asDouble());
            points.add(fast);
        }
        Path file = report("brokers", points);

        Result mixed = execute("fit", file.toString());
        assertEquals(ExitCodes.BAD_INPUT, mixed.exit());
        assertEquals("jmsbench fit: the points come from 2 compared sets (ActiveMQ Classic, Artemis): one model across"
                + " them means nothing; fit each with --compared NAME" + NL, mixed.err());

        Result artemis = execute("fit", file.toString(), "--compared", "Artemis");
        assertEquals(ExitCodes.OK, artemis.exit(), artemis.err());
        assertTrue(artemis.out().contains("points: 16 used, 0 skipped"), artemis.out());
        assertTrue(artemis.out().contains("model stored in " + file + " under \"models\", \"Artemis\""), artemis.out());
        JsonNode stored = Json.MAPPER.readTree(file.toFile());
        assertTrue(stored.path("model").isMissingNode(), "no one model across the brokers");
        assertEquals(PAPER_T_RCV / 2, stored.path("models").path("Artemis").path("tRcv").asDouble(), 1e-9 * PAPER_T_RCV,
                "Artemis's points only");
    }

    @Test
    void holdoutAndMaxRRefuseBadValues() throws IOException {
        Path grid = report("grid", paperGrid());
        assertBadInput(grid, "--holdout: expected 1 to 12 points (4 of the 16 usable points must stay to fit),"
                + " found 13", "fit", grid.toString(), "--holdout", "13");
        assertBadInput(grid, "--holdout: expected 1 to 12 points (4 of the 16 usable points must stay to fit),"
                + " found 0", "fit", grid.toString(), "--holdout", "0");
        Path four = report("four", paperGrid().subList(0, 4));
        assertBadInput(four, "--holdout: expected more than 4 usable points to hold any out (4 must stay to fit),"
                + " found 4", "fit", four.toString(), "--holdout", "1");
        assertBadInput(grid, "--max-r: expected a finite number > 0, found 'ten'",
                "fit", grid.toString(), "--max-r", "ten");
        assertBadInput(grid, "--max-r: expected a finite number > 0, found 0", "fit", grid.toString(), "--max-r", "0");
        assertBadInput(grid, "--max-r: expected a finite number > 0, found -1", "fit", grid.toString(), "--max-r=-1");
        assertBadInput(grid, "--max-r: expected a finite number > 0, found NaN",
                "fit", grid.toString(), "--max-r", "NaN");
        assertBadInput(grid, "--max-r: expected a finite number > 0, found Infinity",
                "fit", grid.toString(), "--max-r", "Infinity");
        assertBadInput(grid, "no point left to fit: every usable point has a measured r above --max-r 0.5",
                "fit", grid.toString(), "--max-r", "0.5");
        assertFalse(Files.readString(grid).contains("\"model\""));
    }

    /** Bad input: exit 2, exactly one line on stderr, nothing on stdout, the report untouched, nothing new. */
    private void assertBadInput(Path file, String expectedLine, String... args) throws IOException {
        byte[] before = Files.exists(file) ? Files.readAllBytes(file) : null;
        List<Path> filesBefore = filesUnder(dir).toList();

        Result result = execute(args);

        assertEquals(ExitCodes.BAD_INPUT, result.exit(), result.out() + result.err());
        assertEquals("jmsbench fit: " + expectedLine + NL, result.err());
        assertEquals("", result.out());
        if (before != null) {
            assertArrayEquals(before, Files.readAllBytes(file));
        }
        assertEquals(filesBefore, filesUnder(dir).toList());
    }

    @Test
    void badInputsExitTwoWithOneLineAndWriteNothing() throws IOException {
        Path missing = dir.resolve("results/x/report.json");
        assertBadInput(missing, missing + ": no such file", "fit", missing.toString());
        assertBadInput(missing, missing.getParent() + ": no such file", "fit", missing.getParent().toString());
        Path emptyRun = Files.createDirectories(dir.resolve("results/y"));
        assertBadInput(missing, emptyRun.resolve("report.json") + ": no such file", "fit", emptyRun.toString());

        Path grid = report("grid", paperGrid());
        assertBadInput(grid, "--predict 'filters=200': expected filters=N,r=X, e.g. filters=200,r=10",
                "fit", grid.toString(), "--predict", "filters=200");
        assertBadInput(grid, "--predict 'r=10,filters=200': expected filters=N,r=X, e.g. filters=200,r=10",
                "fit", grid.toString(), "--predict", "r=10,filters=200");
        assertBadInput(grid, missing + ": no such file", "fit", grid.toString(), missing.toString());

        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"schema\": \"other/1\", \"points\": []}\n");
        assertBadInput(other, other + ": not a jmsbench report: schema is \"other/1\", expected \"jmsbench.report/1\"",
                "fit", other.toString());
        Files.writeString(other, "{\"points\": []}\n");
        assertBadInput(other, other + ": not a jmsbench report: schema is missing, expected \"jmsbench.report/1\"",
                "fit", other.toString());
        Files.writeString(other, "[1, 2]\n");
        assertBadInput(other, other + ": not a jmsbench report: expected a JSON object with schema"
                + " \"jmsbench.report/1\"", "fit", other.toString());
        Files.writeString(other, "{\"schema\": \"jmsbench.report/1\"}\n");
        assertBadInput(other, other + ": not a jmsbench report: no points[] array", "fit", other.toString());
        Files.writeString(other, "{\"schema\": \"jmsbench.report/1\",\n \"points\": [}\n");
        assertBadInput(other, other + ": not a jmsbench report: not valid JSON at line 2, column 13: Unexpected"
                + " close marker '}': expected ']'",
                "fit", other.toString());

        Files.writeString(other, "{\"schema\": \"jmsbench.report/1\", \"schema\": \"x\", \"points\": []}\n");
        assertBadInput(other, other + ": not a jmsbench report: not valid JSON at line 1, column 41: Duplicate"
                + " field 'schema'", "fit", other.toString());

        Path empty = report("empty", List.of());
        assertBadInput(empty, empty + ": no usable points: points[] is empty", "fit", empty.toString());
        Path invalid = report("invalid", List.of(point(1, 5, false, List.of(CPU_REASON), List.of()),
                point(2, 5, false, List.of(DRAIN_REASON), List.of(SHARED_HOST))));
        assertBadInput(invalid, invalid + ": no usable points: all 2 skipped (first: subscribers[0].clients=1,"
                + " subscribers[1].clients=5: invalid: " + CPU_REASON + "); --include-invalid fits invalid points too",
                "fit", invalid.toString());
        assertFalse(Files.readString(grid).contains("\"model\""));
    }
}
