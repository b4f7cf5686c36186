package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Late, slow and leaving subscribers end to end on the embedded ActiveMQ, with the shipped
 * scenarios shortened: a late group builds the backlog the publishers' rate says and drains it with
 * nothing lost; a group spending 5 ms per message takes no more than 200 a second. These two assert
 * how fast (a drain within 3 s, a backlog the rate builds), so they run alone; a group leaving early,
 * which asserts only who took what, is {@link LeavingConsumersIT}, beside other classes.
 */
@Timeout(240)
@NeedsAnIdleMachine
class ConsumerScheduleIT {

    private static final int RATE = 200;
    private static final int START = 5;

    @TempDir
    Path work;

    @Test
    void aQueueGroupFiveSecondsLateBuildsTheRatesBacklogAndDrainsItWithNothingLost() throws Exception {
        Path run = run("patterns/late-consumers.yaml", "late-consumers", "phases.warmup=2s", "phases.measure=8s",
                "subscribers[0].start=" + START + "s", "subscribers[0].clients=1", "publishers.rate=" + RATE);
        KeptRuns.keep(run, "late-consumers");
        JsonNode point = Reports.read(run).path("points").get(0);
        JsonNode backlog = point.path("backlog");
        String context = backlog + " " + point.path("samples");

        // nothing received before the group connected: the late consumer did not consume from prepare on
        long before = 0;
        for (JsonNode s : point.path("samples")) {
            if (s.path("t").asDouble() <= START - 0.5) {
                before += s.path("received").asLong();
            }
        }
        assertEquals(0, before, context);
        // the publishers' sends until the join, counted at the sample on either side of it (a second each)
        long peak = backlog.path("peak").asLong();
        assertTrue(peak >= 0.75 * RATE * START && peak <= RATE * (START + 1), "peak about " + RATE * START + ": "
                + context);
        assertEquals(START, backlog.path("peakAt").asDouble(), 1.0, context);
        assertEquals(START, backlog.path("joinedAt").asDouble(), 1e-9, context);
        // one consumer alone on a queue takes a thousand messages in well under 3 s, even on 2 shared cores
        assertTrue(backlog.path("drainSeconds").asDouble() <= 3, context);
        assertTrue(backlog.path("drainRate").asDouble() >= peak / 3.0, context);
        assertTrue(backlog.path("tolerance").asLong() <= Math.max(0.01 * peak, 0.1 * RATE) + 1, context);

        JsonNode audit = point.path("audit");
        assertEquals(1, audit.path("auditedSubscribers").asInt(), audit.toString());
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        List<String> codes = codes(point);
        assertTrue(codes.contains("CONSUMERS_SCHEDULED"), codes.toString());
        assertFalse(codes.contains("BACKLOG_NOT_DRAINED"), codes.toString());
        assertFalse(codes.contains("BACKLOG_CHANGED"), "a deliberate backlog is not called unsteady: " + codes);
    }

    @Test
    void aGroupSpendingFiveMillisecondsPerMessageTakesAtMostAbout200PerSecond() throws Exception {
        Path run = run("patterns/slow-consumer.yaml", "slow-consumer", "phases.warmup=1s", "phases.measure=5s");
        JsonNode point = Reports.read(run).path("points").get(0);
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

    private Path run(String scenario, String name, String... overrides) throws Exception {
        Path out = work.resolve("results");
        Path file = scenario.startsWith("/") ? Path.of(scenario) : Jmsbench.scenario(scenario);
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--out", out.toString()));
        Stream.of(overrides).forEach(o -> {
            args.add("--set");
            args.add(o);
        });
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(180), args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        return Reports.onlyRunDirectory(out, name);
    }

    private static List<String> codes(JsonNode point) {
        List<String> codes = new ArrayList<>();
        point.path("findings").forEach(f -> codes.add(f.path("code").asText()));
        return codes;
    }
}
