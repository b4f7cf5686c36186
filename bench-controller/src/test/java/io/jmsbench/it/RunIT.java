package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The smoke scenario end to end: broker and agents in their own JVMs, over loopback, as a user runs it. */
@Timeout(240)
@NeedsAnIdleMachine
class RunIT {

    @TempDir
    Path work;

    /** The one run here with an auto warm-up: it must end steady, and the verdict after it must be healthy. */
    @Test
    void smokeOverOpenWireDeliversEveryMessageOnce() throws Exception {
        JsonNode point = runSmoke(1.0, true, "--set", "provider=openwire");
        KeptRuns.keep(Reports.onlyRunDirectory(work.resolve("results"), "smoke"), "smoke"); // for ReportHtmlIT
        assertEquals("openwire", point.path("provider").asText());
        assertEquals("on the transport thread (alwaysSessionAsync=false)", point.path("subscriberListener").asText(),
                "auto-acknowledging OpenWire subscribers skip the session thread");
    }

    @Test
    void smokeOverAmqpDeliversEveryMessageOnce() throws Exception {
        JsonNode point = runSmoke(1.0, false, "--set", "provider=amqp");
        assertEquals("amqp", point.path("provider").asText());
    }

    @Test
    void threeSubscribersGetThreeCopiesOfEveryMessage() throws Exception {
        runSmoke(3.0, false, "--set", "subscribers[0].clients=3");
    }

    @Test
    void aCountBoundedWindowEndsOnceThePublishersHaveSentTheCount() throws Exception {
        // at a fixed 20,000 msgs/s the count takes 10 s whatever this machine's saturated rate (a saturated
        // publisher once sent 300,000 in 4 s here, too few seconds for an interval): the window's length is
        // the test's to choose, not the host's (5 s, 100,000, missed the rate by 12% beside other builds: a
        // second's hiccup weighs twice as much in half the window)
        long count = 200_000;
        JsonNode point = runSmoke(1.0, false, "--set", "publishers.rate=20000", "--set", "phases.messages=" + count,
                "--set", "phases.measure=60s");
        JsonNode window = point.path("received");
        assertTrue(window.path("messages").asLong() >= count, "the window holds the count: " + window);
        // the controller polls the publishers' total 50 times a second: the window overshoots the count
        // by a poll's worth of sending, not by the rest of its 60 s time bound
        assertTrue(window.path("messages").asLong() < count + window.path("rate").asDouble() * 0.5,
                "the window ends close to the count: " + window);
    }

    /**
     * Runs smoke.yaml with {@code overrides} and checks what every good run must show; returns the point plus its
     * provider. These tests assert a healthy verdict, which a window too short for an interval or a backlog shown
     * moving would spoil, so the window is an auto one unless a test fixes it: a generous precision, which is also
     * the tolerance its backlog is judged flat within, and a bound of 10 s, the shortest an auto window may be
     * (one not precise by then is a note). With {@code autoWarmup} the warm-up is auto too (MSER-5 needs 15 s at
     * least) and must end steady; the other tests, which check delivery, fan-out and a count, not the warm-up,
     * keep smoke.yaml's fixed 10 s, past the first seconds in which the broker fills its buffers faster than it
     * delivers (a note says it is short of the judge's 20 s). 5 s were seen to leave an AMQP window whose
     * backlog still grew, and a cold JVM missing a fixed 20,000 msgs/s, with other builds beside the run.
     */
    private JsonNode runSmoke(double expectedGrade, boolean autoWarmup, String... overrides) throws Exception {
        Path out = work.resolve("results");
        List<String> windows = new ArrayList<>(autoWarmup
                ? List.of("--set", "phases.warmup=auto", "--set", "phases.maxWarmup=90s") : List.of());
        if (Stream.of(overrides).noneMatch(o -> o.startsWith("phases.measure="))) {
            windows.addAll(List.of("--set", "phases.measure=auto", "--set", "phases.precision=20%", "--set",
                    "phases.maxMeasure=10s"));
        }
        String[] args = Stream.of(Stream.of("run", Jmsbench.scenario("smoke.yaml").toString(), "--out", out.toString()),
                windows.stream(), Stream.of(overrides)).flatMap(x -> x).toArray(String[]::new);
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(180), args);
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        assertEquals("", result.stderr().strip(), "nothing but the harness's own lines on the console");

        Path run = Reports.onlyRunDirectory(out, "smoke");
        JsonNode report = Reports.read(run);
        assertEquals("jmsbench.report/1", report.path("schema").asText());
        assertEquals("completed", report.path("status").asText());
        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("received").path("messages").asLong() > 0, "received in the window");
        assertTrue(point.path("dispatched").path("messages").asLong() > 0, "dispatched in the window");
        assertTrue(point.path("received").path("rate").asDouble() > 0);
        assertEquals(point.path("received").path("rate").asDouble() + point.path("dispatched").path("rate").asDouble(),
                point.path("overallRate").asDouble(), 1e-6);
        assertEquals(expectedGrade, point.path("replicationGrade").path("expected").asDouble(), 0.0);
        double measured = point.path("replicationGrade").path("measured").asDouble();
        assertEquals(expectedGrade, measured, expectedGrade * 0.01,
                "measured replication grade within 1% once drained; drain " + point.path("drain"));
        assertEquals("complete", point.path("drain").path("outcome").asText());
        long sent = point.path("totals").path("sent").asLong();
        assertEquals(Math.round(sent * expectedGrade), point.path("totals").path("received").asLong(),
                "no message lost or duplicated on a healthy broker");
        JsonNode brokerCounts = point.path("brokerCounts");
        assertEquals(sent, brokerCounts.path("enqueued").asLong(), "the broker's own count in: " + brokerCounts);
        assertEquals(point.path("totals").path("received").asLong(), brokerCounts.path("dequeued").asLong(),
                "the broker's own count of acknowledgements: " + brokerCounts);
        // Whether two shared cores reach the 95% busy the paper's broker rule asks for is the machine's
        // business (one publisher and one subscriber leave a core idle now and then: 93.9% was seen), so
        // that one rule may fail here; every other rule must hold, and the verdict must follow the findings
        List<String> invalidCodes = new ArrayList<>();
        point.path("findings").forEach(f -> {
            if ("INVALID".equals(f.path("severity").asText())) {
                invalidCodes.add(f.path("code").asText());
            }
        });
        // (nor whether another process on this machine took cycles during the window: CPU_RULE_FOREIGN_LOAD)
        assertTrue(invalidCodes.stream().allMatch(c -> c.equals("CPU_RULE_BROKER") || c.equals("CPU_RULE_FOREIGN_LOAD")),
                () -> "only the shared host's saturation may fail a healthy smoke run: " + point.path("findings"));
        // a 20% auto window on two shared cores may not show the backlog flat: unknown, the machine's business too
        List<String> unverifiedCodes = new ArrayList<>();
        point.path("findings").forEach(f -> {
            if ("UNVERIFIED".equals(f.path("severity").asText())) {
                unverifiedCodes.add(f.path("code").asText());
            }
        });
        assertTrue(unverifiedCodes.stream().allMatch("STEADINESS_NOT_SHOWN"::equals), point.path("findings").toString());
        assertEquals(invalidCodes.isEmpty() && unverifiedCodes.isEmpty(), point.path("valid").asBoolean(),
                point.path("findings").toString());
        assertEquals(point.path("valid").asBoolean(), report.path("valid").asBoolean());
        assertTrue(point.path("labels").toString().contains("shared host"), "local runs say they share the host");
        JsonNode cpu = point.path("cpu");
        for (String jvm : List.of("brokerCores", "publisherCores", "subscriberCores", "controllerCores")) {
            assertTrue(cpu.path(jvm).asDouble() > 0, () -> jvm + " measured over the window: " + cpu);
        }

        JsonNode env = report.path("environment");
        assertFalse(env.path("jmsbench").asText().isBlank());
        assertEquals("embedded activemq", env.path("broker").path("kind").asText());
        assertTrue(env.path("broker").path("jvm").path("flags").isArray(), "broker JVM flags recorded");
        assertEquals(2, env.path("agents").size(), "one publisher and one subscriber agent");
        assertTrue(env.path("controllerHost").path("cores").asInt() > 0);

        List<String> samples = Files.readAllLines(run.resolve("samples.jsonl"));
        long seconds = (long) (point.path("windows").path("warmupSeconds").asDouble()
                + point.path("received").path("seconds").asDouble());
        assertTrue((autoWarmup ? List.of("steady", "bound") : List.of("time"))
                .contains(point.path("windows").path("warmupEnd").asText()), point.path("windows").toString());
        assertTrue(samples.size() >= seconds, "a sample per second of warm-up and measurement: " + samples.size());
        ObjectMapper json = new ObjectMapper();
        for (String line : samples) {
            assertTrue(json.readTree(line).has("phase"), line);
        }
        assertTrue(Files.readString(run.resolve("report.md")).contains("| received (publishers sent) |"));
        try (Stream<Path> files = Files.list(run)) {
            assertEquals(List.of(), files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList(),
                    "no half-written file left");
        }
        assertTrue(result.stdout().contains(!invalidCodes.isEmpty() ? "INVALID: cpu rule: "
                : unverifiedCodes.isEmpty() ? "VALID" : "UNVERIFIED: steadiness not shown: "), result.stdout());
        return ((com.fasterxml.jackson.databind.node.ObjectNode) point.deepCopy())
                .put("provider", report.path("scenario").path("provider").asText())
                .put("subscriberListener", env.path("providerSettings").path("subscriberListener").asText());
    }
}
