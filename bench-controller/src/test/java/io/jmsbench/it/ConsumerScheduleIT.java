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
 * A late subscriber group end to end on the embedded ActiveMQ, with the shipped scenario shortened: it
 * builds the backlog the publishers' rate says and drains it with nothing lost. It asserts how fast (a
 * drain within 3 s, a backlog the rate builds), so it runs alone; a group leaving early, which asserts
 * only who took what, is {@link LeavingConsumersIT}, and a group spending 5 ms per message, whose
 * bounds load can only move their way, is {@link SlowConsumerIT}, both beside other classes.
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
