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
 * A subscriber spending 5 ms on every message, on the embedded ActiveMQ with the shipped pattern shortened
 * (moved from {@link ConsumerScheduleIT}). What it asserts are bounds that a loaded host can only move their
 * way: at most 200 msgs/s taken (the listener's 5 ms are measured on the wall clock, so a host that holds
 * the consumer back makes each message take longer, never shorter; the window's rate comes from the agents'
 * own clocks, not from when the controller read them), a backlog of at least half of what 300 sent and 200
 * taken a second leave (a slower consumer leaves more), a drain no faster than the consumer can take, nothing
 * lost and a complete drain. No verdict is asserted, so it runs beside other classes.
 */
@Timeout(240)
@SharesTheMachine
class SlowConsumerIT {

    @TempDir
    Path work;

    @Test
    void aGroupSpendingFiveMillisecondsPerMessageTakesAtMostAbout200PerSecond() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(180), "run",
                Jmsbench.scenario("patterns/slow-consumer.yaml").toString(), "--out", out.toString(),
                "--set", "phases.warmup=1s", "--set", "phases.measure=5s");
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "slow-consumer")).path("points").get(0);
        double dispatched = point.path("dispatched").path("rate").asDouble();
        System.out.printf("slow consumer (5 ms a message): %.1f msgs/s in the window, %.3f ms a message%n",
                dispatched, 1000 / dispatched);
        // a second's count may hold one message more or less than the window's edges do
        assertTrue(dispatched <= 200 * 1.02, "at most 200 msgs/s: " + point.path("dispatched"));
        assertTrue(dispatched > 0, point.path("dispatched").toString());
        JsonNode backlog = point.path("backlog");
        // 300 sent and at most 200 taken a second: the backlog grows by about 100 a second of the window
        assertTrue(backlog.path("peak").asLong() >= 0.5 * 100 * 5, backlog.toString());
        assertTrue(backlog.path("drainRate").asDouble() <= 200 * 1.1, backlog.toString());
        assertEquals(0, point.path("audit").path("lost").asLong(), point.path("audit").toString());
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
    }
}
