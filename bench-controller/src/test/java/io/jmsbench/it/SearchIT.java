package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A capacity search on the embedded broker with a generous bound (p99 at most 500 ms), short fixed
 * phases and 4 points: the saturated probe, 500 msgs/s, one bisection, the repeat. It must end
 * with a passing rate, a bracket above it and its repeat, in report.json, report.md, summary.csv
 * and on the terminal.
 *
 * <p>Broker and clients share 2 cores with whatever else runs here, so the test requires only the
 * step at 500 msgs/s to pass: p99 3.8 to 5.1 ms against the 500 ms bound at a load average of 7.
 * The bisection's rate, about an eighth of the saturated probe's (3,940 of 31,053 msgs/s), and so
 * the repeat of it, may miss the 3% a step may fall short of its rate when the host holds the
 * publisher back at the window's end (3,774 of 3,940 sent was seen): whether they pass is the
 * host's, how the search answers either way is the harness's.
 */
@Timeout(240)
@NeedsAnIdleMachine
class SearchIT {

    @TempDir
    Path work;

    @Test
    void aGenerousSearchEndsWithAConfirmedRateAndABracket() throws Exception {
        Path scenario = Files.writeString(work.resolve("search-it.yaml"), """
                name: search-it
                broker: {embedded: activemq, persistent: false}
                destination: {type: topic, name: bench.search}
                message: {type: bytes, size: 1024}
                publishers: {clients: 1}
                subscribers:
                  - {clients: 1}
                phases: {warmup: 2s, measure: 4s, drain: 10s}
                search: {latency: p99, below: 500ms, from: 500, maxPoints: 4}
                """);
        Path out = work.resolve("results");

        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200), "run", scenario.toString(), "--out",
                out.toString(), "--require-valid");

        String console = run.stdout() + run.stderr();
        assertTrue(run.stdout().contains("  search   capacity with p99 at most 500ms: a saturated probe for the "
                + "ceiling, then fixed rates from 500 msgs/s"), console);
        assertTrue(run.stdout().contains("step 1 (at most 4): saturated probe (rate: max), for the ceiling"), console);
        assertTrue(run.stdout().contains("step 2 (at most 4): 500 msgs/s"), console);
        assertTrue(run.stdout().contains("completed, SEARCH: "), console);

        Path dir = Reports.onlyRunDirectory(out, "search-it");
        JsonNode report = Reports.read(dir);
        assertEquals("jmsbench.report/1", report.path("schema").asText());
        JsonNode steps = report.path("search").path("steps");
        assertEquals(4, steps.size(), steps.toString());
        assertEquals(4, report.path("points").size(), "every step is a point");
        assertEquals("probe", steps.get(0).path("kind").asText());
        assertEquals("ceiling", steps.get(0).path("outcome").asText());
        assertEquals("max", report.path("points").get(0).path("parameters").path("publishers.rate").asText());
        double ceiling = steps.get(0).path("sentRate").asDouble();
        assertTrue(ceiling > 1_000, "the probe measured a ceiling: " + steps.get(0));

        JsonNode first = steps.get(1);
        assertEquals(500, first.path("targetRate").asDouble());
        assertEquals("pass", first.path("outcome").asText(), first.toString());
        assertTrue(first.path("sentRate").asDouble() >= 0.97 * 500, first.toString());
        assertTrue(first.path("latencyMicros").asDouble() > 0, "the step's p99 is recorded: " + first);
        assertEquals(500, report.path("points").get(1).path("parameters").path("publishers.rate").asLong());
        assertTrue(report.path("points").get(1).path("latency").path("basis").asText().contains("intended send time"),
                "a step's latency counts from the intended send time");

        // the bisection: the geometric midpoint of [500, the probe's rate], at 3 significant digits
        JsonNode bisection = steps.get(2);
        double mid = new java.math.BigDecimal(Math.sqrt(500 * ceiling)).round(new java.math.MathContext(3))
                .doubleValue();
        assertEquals(mid, bisection.path("targetRate").asDouble(), bisection.toString());
        boolean midPassed = "pass".equals(bisection.path("outcome").asText());
        assertTrue(midPassed || List.of("fail", "generator-limited").contains(bisection.path("outcome").asText()),
                bisection.toString());

        JsonNode repeat = steps.get(3);
        assertEquals("confirm", repeat.path("kind").asText());
        assertEquals(2, repeat.path("repeat").asInt());

        JsonNode answer = report.path("search").path("answer");
        double rate = answer.path("rate").asDouble();
        assertEquals(midPassed ? mid : 500, rate, "the highest rate that passed: " + answer);
        assertEquals(rate, repeat.path("targetRate").asDouble(), "the repeat runs the answer's rate");
        assertEquals(rate, answer.path("bracketLow").asDouble());
        assertEquals(midPassed ? ceiling : mid, answer.path("bracketHigh").asDouble(),
                "a bracket above the answer: the probe's rate, or the rate that failed: " + answer);
        boolean confirmed = "pass".equals(repeat.path("outcome").asText());
        assertEquals(confirmed, answer.path("confirmed").asBoolean(), answer + " after " + repeat);
        assertEquals(confirmed ? 0 : 5, run.exit(), "--require-valid asks for an answer its repeat confirmed:\n"
                + console);
        assertTrue(answer.path("sentence").asText().contains(confirmed ? "; confirmed by a repeat at "
                : "; the confirming repeat at "), answer.toString());
        assertEquals(4, answer.path("points").asInt());
        assertTrue(answer.path("wallSeconds").asDouble() > 0);
        assertTrue(answer.path("sentence").asText().startsWith("Capacity with p99 at most 500ms: "), answer.toString());

        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("## Search\n\n" + answer.path("sentence").asText()), md);
        assertTrue(md.contains("| step | target msgs/s | sent msgs/s | dispatched msgs/s | p99 ms | outcome |"), md);
        assertTrue(Files.readAllLines(dir.resolve("summary.csv")).get(0).startsWith("point,repeat,publishers.rate,"));
        assertTrue(run.stdout().contains("  search: " + answer.path("sentence").asText()), console);
    }
}
