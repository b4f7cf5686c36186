package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeats of one point give a mean and a confidence interval, and a sweep that varies nothing fits no model.
 * It asserts the points' count and numbering, the summary's count and an interval wider than nothing (two
 * measured rates never agree to the last digit), none of which an idle host changes: unlike
 * {@link SweepIT}'s sweep, whose model needs valid points, it shares the machine.
 */
@Timeout(180)
@SharesTheMachine
class RepeatsIT {

    @TempDir
    Path work;

    @Test
    void repeatsGiveAMeanAndAConfidenceInterval() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(120), "run",
                Jmsbench.scenario("smoke.yaml").toString(), "--out", out.toString(),
                "--set", "repeat=2", "--set", "phases.warmup=1s", "--set", "phases.measure=2s");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "smoke"));
        assertEquals(2, report.path("points").size());
        assertEquals(1, report.path("points").get(0).path("repeat").asInt());
        assertEquals(2, report.path("points").get(1).path("repeat").asInt());
        JsonNode received = report.path("summary").get(0).path("receivedRate");
        assertEquals(2, received.path("n").asInt());
        assertTrue(received.path("ci95").asDouble() > 0, received.toString());
        assertTrue(report.path("model").isNull(), "a sweep that varies nothing identifies no model");
    }
}
