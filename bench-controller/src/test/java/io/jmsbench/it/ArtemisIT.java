package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.Versions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scenarios/artemis.yaml end to end on the embedded Artemis broker, over each of its three acceptors:
 * the broker and the agents in their own JVMs, as a user runs it. Short fixed phases (one publisher,
 * one subscriber, 2 s + 4 s) keep the three runs near 45 s; the figures are not judged, the delivery is.
 */
@Timeout(180)
@SharesTheMachine
class ArtemisIT {

    @TempDir
    Path work;

    @ParameterizedTest(name = "provider {0}")
    @ValueSource(strings = {"core", "amqp", "openwire"})
    void embeddedArtemisDeliversEveryMessageOnce(String provider) throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(120), "run",
                Jmsbench.scenario("artemis.yaml").toString(), "--out", out.toString(), "--set", "provider=" + provider,
                "--set", "publishers.clients=1", "--set", "subscribers[0].clients=1",
                "--set", "phases.warmup=2s", "--set", "phases.measure=4s", "--set", "phases.drain=20s");
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        assertEquals("", result.stderr().strip(), "nothing but the harness's own lines on the console");

        Path run = Reports.onlyRunDirectory(out, "artemis");
        JsonNode report = Reports.read(run);
        assertEquals("completed", report.path("status").asText());
        assertEquals(provider, report.path("scenario").path("provider").asText());
        JsonNode broker = report.path("environment").path("broker");
        assertEquals("embedded artemis", broker.path("kind").asText());
        assertFalse(Versions.ARTEMIS.equals("unknown"), "the build records the Artemis version");
        assertEquals(Versions.ARTEMIS, broker.path("version").asText(), "the version the broker itself reports");
        assertTrue(broker.path("url").asText().startsWith(provider.equals("amqp") ? "amqp://127.0.0.1:" : "tcp://127.0.0.1:"),
                broker.toString());

        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("received").path("messages").asLong() > 0, "received in the window");
        assertTrue(point.path("dispatched").path("messages").asLong() > 0, "dispatched in the window");
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        JsonNode totals = point.path("totals");
        assertEquals(0, totals.path("sendErrors").asLong(), totals.toString());
        assertEquals(totals.path("sent").asLong(), totals.path("received").asLong(),
                "every message delivered once to the one subscriber: " + totals);
        assertEquals(0, point.path("audit").path("lost").asLong(), point.path("audit").toString());
        assertEquals(0, point.path("audit").path("duplicates").asLong(), point.path("audit").toString());

        String log = Files.readString(run.resolve("logs").resolve("broker.log"));
        assertTrue(log.contains("Apache ActiveMQ Artemis Message Broker version " + Versions.ARTEMIS), "Artemis's own log");
        assertFalse(log.contains("SLF4J"), "one SLF4J provider, found no warning of it: " + log);
        assertFalse(log.contains("log4j"), "no log4j warning: " + log);
        assertFalse(log.contains("AMQ601"), "Artemis's audit log stays off: a line per message otherwise");
    }
}
