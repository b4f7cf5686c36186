package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue shared by three competing consumers in two subscriber agent JVMs is audited as a whole
 * (issue 44): one consumer that leaves every 1,000th message it receives out of its receipts and
 * one that records every 1,000th twice are caught, exactly, and the point is invalid for them.
 */
@Timeout(240)
@SharesTheMachine
class QueueAuditIT {

    private static final String TOKEN = "queue-audit-it-0123456789abcdef";

    @TempDir
    Path work;

    @Test
    void aDroppingAndADoublingConsumerAmongThreeInTwoAgentsAreCaught() throws Exception {
        Path token = work.resolve("token");
        Files.createFile(token, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(token, TOKEN + "\n");
        Path scenario = work.resolve("queue-audit.yaml");
        Files.writeString(scenario, """
                name: queue-audit
                broker: {embedded: activemq, persistent: false}
                destination: {type: queue, name: bench.queue.audit}
                message: {type: bytes, size: 256}
                publishers: {clients: 2, rate: 1500}
                subscribers:
                  - {clients: 1, faults: {dropEvery: 1000}}
                  - {clients: 1, faults: {repeatEvery: 1000}}
                  - {clients: 1}
                delivery: {persistent: true, ack: auto}
                phases: {warmup: 2s, measure: 4s, drain: 20s}
                """);
        int publisherPort = freePort();
        int subscriberPort1 = freePort();
        int subscriberPort2 = freePort();
        List<Jmsbench.Running> agents = List.of(agent("publisher", publisherPort, token),
                agent("subscriber", subscriberPort1, token), agent("subscriber", subscriberPort2, token));
        try {
            for (Jmsbench.Running agent : agents) {
                agent.awaitOutput("agent serving", Duration.ofSeconds(60));
            }
            Path out = work.resolve("results");
            Jmsbench.Result run = Jmsbench.start(work, "run", scenario.toString(), "--out", out.toString(),
                    "--token-file", token.toString(), "--agents", "publishers=127.0.0.1:" + publisherPort,
                    "--agents", "subscribers=127.0.0.1:" + subscriberPort1 + ",127.0.0.1:" + subscriberPort2)
                    .await(Duration.ofSeconds(180));
            assertEquals(0, run.exit(), run.stdout() + run.stderr());

            JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "queue-audit"));
            JsonNode point = report.path("points").get(0);
            int subscriberAgents = 0;
            for (JsonNode a : report.path("environment").path("agents")) {
                subscriberAgents += a.path("name").asText().startsWith("subscriber-agent") ? 1 : 0;
            }
            assertEquals(2, subscriberAgents, report.path("environment").path("agents").toString());

            Map<String, Long> received = new HashMap<>();
            for (JsonNode c : point.path("totals").path("subscriberClients")) {
                received.put(c.path("client").asText(), c.path("messages").asLong());
            }
            long sent = point.path("totals").path("sent").asLong();
            JsonNode audit = point.path("audit");
            String line = run.stdout().lines().filter(l -> l.contains("audit:")).findFirst().orElse("");
            System.out.println("queue audit, " + sent + " sent, received " + received + ":\n" + line);
            assertTrue(received.get("sub-0-0") >= 1_000 && received.get("sub-1-0") >= 1_000,
                    "each faulty consumer received at least 1,000 messages: " + received);
            assertEquals(3, audit.path("auditedSubscribers").asInt(), audit.toString());
            // consumer sub-0-0 leaves its every 1,000th receipt out; sub-1-0 records its every 1,000th twice
            assertEquals(received.get("sub-0-0") / 1_000, audit.path("lost").asLong(), audit.toString());
            assertEquals(received.get("sub-1-0") / 1_000, audit.path("duplicates").asLong(), audit.toString());
            assertEquals(sent, received.values().stream().mapToLong(Long::longValue).sum(),
                    "the broker delivered each message once; the faults are the consumers' own");
            assertFalse(point.path("valid").asBoolean(), point.path("findings").toString());
            String findings = point.path("findings").toString();
            assertTrue(findings.contains("\"PERSISTENT_MESSAGES_LOST\"") && findings.contains("\"DUPLICATES\""),
                    findings);
            assertTrue(findings.contains("the consumers of queue bench.queue.audit"), findings);
            assertTrue(line.contains("(3 of 3 subscribers audited)"), line);
        } finally {
            for (Jmsbench.Running agent : agents) {
                agent.process().destroy();
            }
        }
    }

    /**
     * A topic subscriber whose selector takes one message variant in four is audited against exactly
     * that part of the stream: its every 500th receipt left out is lost, and the three quarters its
     * selector does not take are not.
     */
    @Test
    void aSelectorsPartOfEachStreamIsAuditedAsThatPart() throws Exception {
        Path scenario = work.resolve("selector-part.yaml");
        Files.writeString(scenario, """
                name: selector-part
                broker: {embedded: activemq, persistent: false}
                destination: {type: topic, name: bench.selector.part}
                message: {type: bytes, size: 256, properties: 1, vary: {on: P1, from: 1, to: 4}}
                publishers: {clients: 2, rate: 2000}
                subscribers:
                  - {clients: 1, selector: "P1 = '#2'", faults: {dropEvery: 500}}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 2s, measure: 4s, drain: 20s}
                """);
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(180), "run", scenario.toString(), "--out",
                out.toString());
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "selector-part")).path("points").get(0);
        long sent = point.path("totals").path("sent").asLong();
        long received = point.path("totals").path("received").asLong();
        JsonNode audit = point.path("audit");
        System.out.println("selector part, " + sent + " sent, " + received + " received: "
                + run.stdout().lines().filter(l -> l.contains("audit:")).findFirst().orElse(""));
        assertTrue(received >= 500 && Math.abs(received - sent / 4) <= 2, sent + " sent, " + received + " received");
        assertEquals(1, audit.path("auditedSubscribers").asInt(), audit.toString());
        assertEquals(received / 500, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
    }

    private Jmsbench.Running agent(String role, int port, Path token) throws IOException {
        return Jmsbench.start(work, "agent", "--role", role, "--listen", "127.0.0.1:" + port, "--token-file",
                token.toString());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
