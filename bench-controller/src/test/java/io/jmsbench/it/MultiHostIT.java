package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.it.MultiHostTestbed.Agents;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The five-machine testbed in network namespaces (see {@link NetnsTestbed}): a broker host with a
 * monitor agent, a publisher host, two subscriber hosts, the controller in the root namespace. The
 * runs across them whose figures are judged: one run merged from both subscriber hosts with their
 * clocks within 5 ms, and a scheduled partition of the broker's link with a valid verdict. The
 * testbed's faults and its monitor, whose assertions an idle host does not change, are
 * {@link MultiHostFaultsIT}.
 */
@Timeout(240)
@NeedsAnIdleMachine
@ResourceLock(NetnsTestbed.LOCK)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostIT {

    private static MultiHostTestbed testbed;

    @TempDir
    Path work;

    @BeforeAll
    static void testbed() throws Exception {
        String why = NetnsTestbed.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        testbed = MultiHostTestbed.open();
    }

    @AfterEach
    void stopAgents() throws InterruptedException {
        if (testbed != null) {
            testbed.stopAgents();
        }
    }

    @AfterAll
    static void teardown() throws Exception {
        if (testbed != null) {
            testbed.close();
        }
    }

    @Test
    @Order(1)
    void aRunAcrossTheTestbedMergesOneReportWithTheClientsSplitOverBothSubscriberHosts() throws Exception {
        Agents agents = testbed.startAgents(work);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(testbed.token)),
                "the agent generated the token file, readable by its owner only");

        Jmsbench.Result result = testbed.startRun(work, agents, testbed.scenario(work, "4s", ""))
                .await(Duration.ofSeconds(120));

        assertEquals(0, result.exit(), result.stdout() + result.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "testbed"));
        assertEquals("completed", report.path("status").asText());
        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("received").path("messages").asLong() > 0, point.toString());
        assertEquals(4.0, point.path("replicationGrade").path("measured").asDouble(), 0.001);
        assertEquals(0, point.path("audit").path("lost").asLong());
        assertTrue(point.path("labels").toString().contains("shared host"),
                "namespaces share one kernel, so the report must not pass this off as a testbed: " + point.path("labels"));
        List<String> agentLines = new ArrayList<>();
        int subscriberAgents = 0;
        for (JsonNode a : report.path("environment").path("agents")) {
            agentLines.add(a.path("name").asText() + " at " + a.path("address").asText() + " clients "
                    + a.path("clientIds") + " clock " + a.path("clock"));
            if (a.path("name").asText().startsWith("subscriber-agent")) {
                subscriberAgents++;
                assertEquals(2, a.path("clients").asInt(), a.toString());
                assertTrue(a.path("clock").path("applied").asBoolean(), a.toString());
                assertTrue(Math.abs(a.path("clock").path("offsetMicros").asDouble()) < 5_000
                        && a.path("clock").path("uncertaintyMicros").asDouble() < 5_000,
                        "one kernel's clock, round trips of well under 10 ms: " + a.path("clock"));
            }
        }
        System.out.println("testbed agents:\n  " + String.join("\n  ", agentLines));
        assertEquals(2, subscriberAgents, agentLines.toString());
        assertTrue(agentLines.toString().contains(agents.subscriber2Address()), agentLines.toString());
        assertTrue(Files.size(Reports.onlyRunDirectory(work.resolve("results"), "testbed").resolve("samples.jsonl")) > 0);
        for (String address : List.of(agents.publisherAddress(), agents.subscriber1Address(),
                agents.subscriber2Address(), agents.monitorAddress())) {
            assertTrue(testbed.idle(address), "released after the run: " + address);
        }
    }

    /**
     * The scenario's own partition: the broker host's link taken down for 2 s, twice, by the
     * controller, on a persistent queue with client acknowledgement. The clients keep their
     * connections through it (TCP retransmits); nothing may be lost, and each partition is on the
     * timeline with the broker's recovery.
     */
    @Test
    @Order(2)
    void aScheduledPartitionOfTheBrokersLinkLosesNothingAndIsOnTheTimeline() throws Exception {
        Agents agents = testbed.startAgents(work);
        String link = testbed.bed.link(NetnsTestbed.BROKER);
        Path file = work.resolve("partition.yaml");
        Files.writeString(file, "name: partition\n"
                + "broker: {url: \"" + testbed.brokerUrl + "\"}\n"
                + "destination: {type: queue, name: testbed.partition." + testbed.port() + "}\n"
                + "publishers: {clients: 1, rate: 400}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "delivery: {persistent: true, ack: client, ackEvery: 10}\n"
                + "phases: {warmup: 2s, measure: 14s, drain: 20s}\n"
                + "faults:\n  - {action: partition, link: " + link + ", at: 6s, every: 5s, times: 2, downFor: 2s}\n");
        Jmsbench.Result result = testbed.startRun(work, agents, file).await(Duration.ofSeconds(150));
        assertEquals(0, result.exit(), result.stdout() + result.stderr());
        System.out.println(result.stdout().lines().filter(l -> l.contains("fault:") || l.contains("audit:"))
                .collect(java.util.stream.Collectors.joining("\n")));

        JsonNode point = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "partition"))
                .path("points").get(0);
        JsonNode audit = point.path("audit");
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals("valid", point.path("verdict").asText(), point.path("findings").toString());
        JsonNode faults = point.path("faults");
        assertEquals(2, faults.size(), faults.toString());
        for (int i = 0; i < 2; i++) {
            JsonNode f = faults.get(i);
            assertEquals("partition", f.path("action").asText());
            assertEquals(6.0 + 5 * i, f.path("at").asDouble(), 0.5, f.toString());
            assertEquals(2.0, f.path("downFor").asDouble(), 0.5, f.toString());
            assertTrue(f.path("error").isNull(), f.toString());
            assertTrue(f.path("firstDeliveryAfter").asDouble(Double.NaN) <= 2.0 + 3.0, f.toString());
        }
        String state = new String(new ProcessBuilder("ip", "link", "show", link).start().getInputStream()
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(state.contains(",UP") || state.contains("<UP"), "the link is up again: " + state);
    }
}
