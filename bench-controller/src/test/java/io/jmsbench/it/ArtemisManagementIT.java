package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An external Artemis ({@code jmsbench broker --kind artemis}, its own JVM) seen from inside: with
 * {@code kind: artemis}, the run reads the broker's own counts through its management address and
 * they agree with the clients'. A topic with two subscribers over CORE, where the management URL is
 * the broker's own; and a queue over OpenWire, whose acceptor speaks no CORE, with the CORE acceptor
 * as {@code broker.management.url}.
 */
@Timeout(240)
@SharesTheMachine
class ArtemisManagementIT {

    @TempDir
    Path work;

    @Test
    void aTopicOverCoreIsCountedByArtemisItselfAsByItsClients() throws Exception {
        try (JmsbenchBroker broker = JmsbenchBroker.start(work, Map.of(), "artemis")) {
            String url = broker.urls().path("core").asText();
            JsonNode point = run(url, "core", "topic", List.of(), broker);
            assertEquals(2.0, point.path("replicationGrade").path("expected").asDouble(), 0.0);
        }
    }

    @Test
    void aQueueOverOpenWireIsCountedThroughTheManagementUrlGiven() throws Exception {
        try (JmsbenchBroker broker = JmsbenchBroker.start(work, Map.of(), "artemis")) {
            String url = broker.urls().path("openwire").asText();
            JsonNode point = run(url, "openwire", "queue",
                    List.of("  management: {url: '" + broker.urls().path("core").asText() + "'}"), broker);
            assertEquals(1.0, point.path("replicationGrade").path("expected").asDouble(), 0.0);
        }
    }

    /**
     * A short run against {@code url} with two subscribers on a {@code type} destination; checks that
     * it delivered every copy once and that the broker's own counts were read and equal the clients'.
     */
    private JsonNode run(String url, String provider, String type, List<String> brokerLines, JmsbenchBroker broker)
            throws Exception {
        Path scenario = work.resolve("artemis-" + provider + ".yaml");
        List<String> lines = new java.util.ArrayList<>(List.of(
                "name: artemis-external",
                "provider: " + provider,
                "broker:",
                "  url: '" + url + "'",
                "  kind: artemis"));
        lines.addAll(brokerLines);
        lines.addAll(List.of(
                "destination: {type: " + type + ", name: bench.artemis." + type + "}",
                "message: {type: bytes, size: 256}",
                "publishers: {clients: 1, rate: 1000}",
                "subscribers:",
                "  - {clients: 2}",
                "delivery: {persistent: false, ack: auto}",
                "phases: {warmup: 1s, measure: 3s, drain: 10s}",
                ""));
        Files.writeString(scenario, String.join("\n", lines));
        Path out = work.resolve("results-" + provider);
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(120), "run", scenario.toString(), "--out",
                out.toString());
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        assertFalse(result.stdout().contains("the broker's own figures were not read"), result.stdout());

        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "artemis-external"));
        assertEquals("external artemis", report.path("environment").path("broker").path("kind").asText());
        JsonNode process = report.path("environment").path("broker").path("process");
        assertEquals(broker.process().pid(), process.path("pid").asLong(), process.toString());
        JsonNode point = report.path("points").get(0);
        String findings = point.path("findings").toString();
        for (String code : List.of("BROKER_COUNTS_NOT_READ", "BROKER_COUNT_MISMATCH", "BROKER_MANAGEMENT_NOT_READ",
                "BROKER_ALARM")) {
            assertFalse(findings.contains(code), code + ": " + findings);
        }
        JsonNode totals = point.path("totals");
        long sent = totals.path("sent").asLong();
        assertTrue(sent > 0, totals::toString);
        assertEquals(Math.round(sent * point.path("replicationGrade").path("expected").asDouble()),
                totals.path("received").asLong(), () -> "every copy once: " + point);
        JsonNode counts = point.path("brokerCounts");
        assertTrue(counts.path("source").asText().startsWith("artemis management at tcp://"), counts.toString());
        assertEquals(sent, counts.path("enqueued").asLong(), () -> "in: " + counts + " beside " + totals);
        assertEquals(totals.path("received").asLong(), counts.path("dequeued").asLong(),
                () -> "acknowledged: " + counts + " beside " + totals);
        System.out.println("ArtemisManagementIT " + provider + " " + type + ": clients " + totals + ", broker " + counts);
        return point;
    }
}
