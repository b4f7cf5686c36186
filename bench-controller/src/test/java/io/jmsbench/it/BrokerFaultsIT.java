package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped pause-broker scenario, as a user runs it: the embedded broker frozen for 2 s every
 * 10 s, four times, in a 60 s window on a persistent queue with client acknowledgement. Nothing may
 * be lost; every pause must show in the samples (nothing dispatched while it lasts) and in the
 * report with the broker's recovery from it.
 */
@Timeout(240)
class BrokerFaultsIT {

    @TempDir
    Path work;

    @Test
    void fourPausesLoseNothingAndEachRecoveryIsReported() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200), "run",
                Jmsbench.scenario("faults/pause-broker.yaml").toString(), "--out", out.toString());
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        Path dir = Reports.onlyRunDirectory(out, "pause-broker");
        KeptRuns.keep(dir, "pause-broker");
        JsonNode point = Reports.read(dir).path("points").get(0);

        JsonNode audit = point.path("audit");
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        assertEquals("valid", point.path("verdict").asText(), point.path("findings").toString());
        assertTrue(point.path("findings").toString().contains("FAULTS_INJECTED"), point.path("findings").toString());

        JsonNode faults = point.path("faults");
        assertEquals(4, faults.size(), faults.toString());
        for (int i = 0; i < 4; i++) {
            JsonNode f = faults.get(i);
            double at = f.path("at").asDouble();
            assertEquals(10.0 * (i + 1), at, 0.5, f.toString());
            assertEquals(2.0, f.path("downFor").asDouble(), 0.3, f.toString());
            assertTrue(f.path("error").isNull(), f.toString());
            assertEquals(1000, f.path("rateBefore").asDouble(), 100, f.toString());
            // a 1 s sample can end no sooner than the pause: within 2 s of its end, at 1,000 msgs/s
            double first = f.path("firstDeliveryAfter").asDouble(Double.NaN);
            assertTrue(first > 2.0 && first <= 4.0, f.toString());
            double back = f.path("rateBackAfter").asDouble(Double.NaN);
            assertTrue(back >= first && back <= 10.0, f.toString());
            // the seconds inside the pause took and dispatched far less than the 1,000 a second before it: a
            // synchronous persistent send waits for the broker; a subscriber may still drain its prefetch buffer,
            // and the counters are read a few ms after each tick, so "nothing" would be too strict
            int inside = 0;
            for (JsonNode s : point.path("samples")) {
                double t = s.path("t").asDouble();
                if (t - 1 >= at - 0.05 && t <= at + f.path("downFor").asDouble() + 0.05) {
                    inside++;
                    assertTrue(s.path("sent").asLong() <= 500 && s.path("received").asLong() <= 500,
                            "sent or dispatched during the pause: " + s);
                }
            }
            assertTrue(inside >= 1, "a second inside the pause at " + at + " s: " + point.path("samples"));
        }
        assertTrue(run.stdout().contains("  fault: pause-broker at 10."), run.stdout());
        String md = Files.readString(dir.resolve("report.md"));
        assertTrue(md.contains("| fault | at s | down s | dispatched before, msgs/s |"), md);
    }
}
