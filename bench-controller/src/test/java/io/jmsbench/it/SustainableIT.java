package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rate: sustainable} on the embedded broker: the closed loop converges within its warm-up
 * (90 s at most; about 30 to 60 s here) and the report gives its path, step by step, in report.json,
 * report.md and on the terminal, before a short window at the rate it held. The window's verdict is
 * the host's (2 shared cores): only that the loop converged and says how is the harness's. Alone: each
 * step's verdict is a steadiness judgement, and beside another class the publishers fall short of the
 * rates asked (held-back) from step to step, so the loop bounced for its whole 90 s.
 */
@Timeout(240)
@NeedsAnIdleMachine
class SustainableIT {

    @TempDir
    Path work;

    @Test
    void theClosedLoopConvergesAndReportsItsPath() throws Exception {
        Path scenario = Files.writeString(work.resolve("sustainable-it.yaml"), """
                name: sustainable-it
                broker: {embedded: activemq, persistent: false}
                destination: {type: topic, name: bench.sustainable}
                message: {type: bytes, size: 1024}
                publishers: {clients: 1, rate: sustainable}
                subscribers:
                  - {clients: 1}
                phases: {warmup: 90s, measure: 3s, drain: 10s}
                """);
        Path out = work.resolve("results");

        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200), "run", scenario.toString(), "--out",
                out.toString());

        String console = run.stdout() + run.stderr();
        assertTrue(run.stdout().contains("  loop     step 1 at 1,000 msgs/s: "), console);
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "sustainable-it")).path("points").get(0);
        JsonNode loop = point.path("closedLoop");
        assertTrue(loop.path("converged").asBoolean(), loop.toString());
        assertEquals("converged", point.path("windows").path("warmupEnd").asText(), point.path("windows").toString());
        JsonNode steps = loop.path("steps");
        assertTrue(steps.size() >= 3, "doubling, then a bracket: " + steps);
        assertEquals(1_000, steps.get(0).path("rate").asDouble());
        for (JsonNode step : steps) {
            assertTrue(step.path("rate").asDouble() > 0 && step.has("backlogSlope") && step.has("latencyMicros")
                    && step.has("sentRate"), step.toString());
        }
        double rate = loop.path("rate").asDouble();
        assertEquals(rate, loop.path("low").asDouble());
        assertTrue(loop.path("high").asDouble() > rate && loop.path("high").asDouble() <= rate * 1.05 + 1,
                "the interval is within 5%: " + loop);
        assertTrue(loop.path("seconds").asDouble() > 0 && loop.path("seconds").asDouble() <= 90, loop.toString());
        assertTrue(run.stdout().contains("  loop     Sustainable rate "), console);
        assertFalse(point.path("findings").toString().contains("NOT_CONVERGED"), point.path("findings").toString());

        Path dir = Reports.onlyRunDirectory(out, "sustainable-it");
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("### Closed loop\n\nSustainable rate "), md);
        assertTrue(md.contains("| step | from s | rate asked | sent msgs/s | backlog copies/s | p99 ms | verdict |"), md);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("\"loop\":{\"sentence\":"),
                "report.html carries the path for its table and chart");
    }
}
