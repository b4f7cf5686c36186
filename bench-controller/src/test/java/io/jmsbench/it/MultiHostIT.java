package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The five-machine testbed in network namespaces (see {@link NetnsTestbed}): a broker host with a
 * monitor agent, a publisher host, two subscriber hosts, the controller in the root namespace.
 * Real runs across them, and the faults a testbed meets: a wrong token, a second controller, a
 * controller that dies, an agent killed, an agent stopped, the broker host's link pulled.
 */
@Timeout(240)
@NeedsAnIdleMachine
@ResourceLock(NetnsTestbed.LOCK)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostIT {

    private static NetnsTestbed bed;
    private static String brokerUrl;
    private static Path shared;
    private static Path token;
    private static final AtomicInteger PORTS = new AtomicInteger(7100);

    @TempDir
    Path work;

    /** The agents of one test, on ports of their own: publisher, two subscribers, monitor. */
    private record Agents(Process publisher, Process subscriber1, Process subscriber2, Process monitor,
                          String publisherAddress, String subscriber1Address, String subscriber2Address,
                          String monitorAddress, Path dir) {

        List<String> args() {
            return List.of("--agents", "publishers=" + publisherAddress, "--agents",
                    "subscribers=" + subscriber1Address + "," + subscriber2Address, "--agents", "monitor=" + monitorAddress);
        }

        Path log(String host, String role, String address) {
            return dir.resolve(role + "-" + host + "-" + address.substring(address.lastIndexOf(':') + 1) + ".log");
        }
    }

    @BeforeAll
    static void testbed() throws Exception {
        String why = NetnsTestbed.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        shared = Files.createTempDirectory("jmsbench-testbed");
        bed = NetnsTestbed.create();
        brokerUrl = bed.startBroker(shared);
        token = shared.resolve("token");
    }

    @AfterAll
    static void teardown() throws Exception {
        if (bed != null) {
            bed.close();
        }
    }

    private Agents startAgents(String... extra) throws IOException, InterruptedException {
        int p = PORTS.getAndAdd(4);
        Process pub = bed.startAgent(NetnsTestbed.PUBLISHER, "publisher", p, token, work, extra);
        Process sub1 = bed.startAgent(NetnsTestbed.SUBSCRIBER_1, "subscriber", p + 1, token, work, extra);
        Process sub2 = bed.startAgent(NetnsTestbed.SUBSCRIBER_2, "subscriber", p + 2, token, work, extra);
        Process mon = bed.startAgent(NetnsTestbed.BROKER, "monitor", p + 3, token, work, extra);
        return new Agents(pub, sub1, sub2, mon, bed.address(NetnsTestbed.PUBLISHER) + ":" + p,
                bed.address(NetnsTestbed.SUBSCRIBER_1) + ":" + (p + 1), bed.address(NetnsTestbed.SUBSCRIBER_2) + ":"
                + (p + 2), bed.address(NetnsTestbed.BROKER) + ":" + (p + 3), work);
    }

    private Path scenario(String measure, String extra) throws IOException {
        Path file = work.resolve("testbed.yaml");
        Files.writeString(file, "name: testbed\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed." + PORTS.get() + "}\n"
                + "publishers: {clients: 2, rate: 400}\n"
                + "subscribers:\n  - {clients: 4}\n"
                + "phases: {warmup: 2s, measure: " + measure + ", drain: 10s}\n" + extra);
        return file;
    }

    private Jmsbench.Running startRun(Agents agents, Path scenario, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--out", work.resolve("results").toString(),
                "--token-file", token.toString()));
        args.addAll(agents.args());
        args.addAll(List.of(more));
        return Jmsbench.start(work, args.toArray(String[]::new));
    }

    private static AgentClient client(String address, String leaseId, String tokenText) {
        return new AgentClient("probe", URI.create("http://" + address), tokenText, leaseId);
    }

    /** Whether the agent is free: a call of a new run is admitted (and released at once). */
    private static boolean idle(String address) throws IOException {
        AgentClient probe = client(address, "probe-" + System.nanoTime(), Files.readString(token).strip());
        try {
            probe.close();
            probe.release();
            return true;
        } catch (AgentException e) {
            if (e.getMessage().contains("busy")) {
                return false;
            }
            throw new AssertionError(e.getMessage());
        }
    }

    private static void awaitIdle(String address, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (idle(address)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("agent at " + address + " still busy after " + timeout);
    }

    @Test
    @Order(1)
    void aRunAcrossTheTestbedMergesOneReportWithTheClientsSplitOverBothSubscriberHosts() throws Exception {
        Agents agents = startAgents();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(token)),
                "the agent generated the token file, readable by its owner only");

        Jmsbench.Result result = startRun(agents, scenario("4s", "")).await(Duration.ofSeconds(120));

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
            assertTrue(idle(address), "released after the run: " + address);
        }
    }

    @Test
    @Order(2)
    void anAgentRefusesAWrongTokenAndChangesNothing() throws Exception {
        Agents agents = startAgents();
        AgentClient wrong = client(agents.publisherAddress(), "intruder", "not-the-token-0123456789");

        AgentException refused = assertThrows(AgentException.class, wrong::info);
        assertTrue(refused.getMessage().contains("missing or wrong bearer token"), refused.getMessage());
        assertThrows(AgentException.class, wrong::close);
        assertTrue(idle(agents.publisherAddress()), "a refused call claims nothing");
        assertTrue(Files.readString(agents.log(NetnsTestbed.PUBLISHER, "publisher", agents.publisherAddress()))
                .contains("missing or wrong bearer token"), "the agent logs the refusal");

        Path bad = work.resolve("bad-token");
        Files.writeString(bad, "not-the-token-0123456789\n");
        Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("rw-------"));
        List<String> args = new ArrayList<>(List.of("run", scenario("2s", "").toString(), "--out",
                work.resolve("results").toString(), "--token-file", bad.toString()));
        args.addAll(agents.args());
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), args.toArray(String[]::new));

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        assertEquals(1, result.stderr().strip().lines().count(), result.stderr());
        assertTrue(result.stderr().contains("missing or wrong bearer token"), result.stderr());
        assertFalse(Files.exists(work.resolve("results")), "nothing written");
    }

    @Test
    @Order(3)
    void aSecondControllerGets409AndADeadControllersClientsCloseWhenItsLeaseExpires() throws Exception {
        Agents agents = startAgents("--lease", "5s");
        Jmsbench.Running run = startRun(agents, scenario("60s", ""));
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        AgentClient second = client(agents.subscriber1Address(), "second-controller", Files.readString(token).strip());
        AgentException busy = assertThrows(AgentException.class, second::close);
        assertTrue(busy.getMessage().contains("busy: this agent is held by lease testbed@"), busy.getMessage());

        run.process().destroyForcibly(); // kill -9: the controller cannot say goodbye
        run.process().waitFor();
        long killed = System.nanoTime();
        Path publisherLog = agents.log(NetnsTestbed.PUBLISHER, "publisher", agents.publisherAddress());
        while (!Files.readString(publisherLog).contains("lease expired")
                && System.nanoTime() - killed < Duration.ofSeconds(20).toNanos()) {
            Thread.sleep(100);
        }
        System.out.printf("publisher agent closed the dead controller's clients %.1f s after the kill (lease 5 s)%n",
                (System.nanoTime() - killed) / 1e9);
        assertTrue(Files.readString(publisherLog).contains("lease expired"), "the publisher agent closed the dead "
                + "run's clients on its own:\n" + Files.readString(publisherLog));
        for (String address : List.of(agents.publisherAddress(), agents.subscriber1Address(),
                agents.subscriber2Address())) {
            awaitIdle(address, Duration.ofSeconds(20));
        }
    }

    @Test
    @Order(4)
    void aKilledSubscriberAgentEndsThePointWithTheReasonAndTheOthersAreReleased() throws Exception {
        Agents agents = startAgents();
        Jmsbench.Running run = startRun(agents, scenario("60s", ""));
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        agents.subscriber2().destroyForcibly();
        long killed = System.nanoTime();
        Jmsbench.Result result = run.await(Duration.ofSeconds(60));
        double took = (System.nanoTime() - killed) / 1e9;
        System.out.printf("subscriber agent killed: the run ended %.1f s later%n", took);

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "testbed"));
        System.out.println("report: status " + report.path("status") + ", reason " + report.path("abortReason"));
        assertEquals("aborted", report.path("status").asText());
        assertTrue(report.path("abortReason").asText().contains("subscriber-agent-2 is stale"),
                report.path("abortReason").asText());
        JsonNode point = report.path("points").get(0);
        assertFalse(point.path("valid").asBoolean());
        assertTrue(point.path("samples").size() > 0, "what was measured is kept");
        assertTrue(run.process().descendants().findAny().isEmpty(), "no process left behind");
        assertTrue(idle(agents.publisherAddress()) && idle(agents.subscriber1Address()), "the survivors are free");
    }

    @Test
    @Order(5)
    void aStoppedPublisherAgentIsStaleAndWithContinueTheNextPointRunsOrSaysWhyNot() throws Exception {
        Agents agents = startAgents("--lease", "5s");
        Jmsbench.Running run = startRun(agents, scenario("30s", "repeat: 2\n"), "--on-failure", "continue");
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        signal("STOP", agents.publisher());
        long stopped = System.nanoTime();
        Jmsbench.Result result;
        try {
            result = run.await(Duration.ofSeconds(120));
        } finally {
            signal("CONT", agents.publisher());
        }
        System.out.printf("publisher agent stopped: the run ended %.1f s later%n", (System.nanoTime() - stopped) / 1e9);

        assertEquals(0, result.exit(), "--on-failure continue: the run completes\n" + result.stdout() + result.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "testbed"));
        JsonNode points = report.path("points");
        assertEquals(2, points.size(), "both repeats are in the report: " + points);
        String first = points.get(0).path("invalidReasons").toString();
        String second = points.get(1).path("invalidReasons").toString();
        System.out.println("point 1: " + first + "\npoint 2: " + second);
        assertTrue(first.contains("publisher-agent-1 is stale"), first);
        assertTrue(second.contains("publisher-agent-1"), "the second point says why it could not run: " + second);
        awaitIdle(agents.publisherAddress(), Duration.ofSeconds(20));
    }

    @Test
    @Order(6)
    void pullingTheBrokerHostsLinkStallsThePointWhichEndsWithTheReason() throws Exception {
        Agents agents = startAgents();
        Jmsbench.Running run = startRun(agents, scenario("90s", ""));
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        bed.link(NetnsTestbed.BROKER, false);
        long pulled = System.nanoTime();
        Jmsbench.Result result;
        try {
            result = run.await(Duration.ofSeconds(120));
        } finally {
            bed.link(NetnsTestbed.BROKER, true);
        }
        System.out.printf("broker link down: the run ended %.1f s later%n", (System.nanoTime() - pulled) / 1e9);

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "testbed"));
        System.out.println("report: status " + report.path("status") + ", reason " + report.path("abortReason"));
        assertTrue(report.path("abortReason").asText().contains("stalled"), report.path("abortReason").asText());
        assertFalse(report.path("points").get(0).path("valid").asBoolean());
    }

    /**
     * The scenario's own partition: the broker host's link taken down for 2 s, twice, by the
     * controller, on a persistent queue with client acknowledgement. The clients keep their
     * connections through it (TCP retransmits); nothing may be lost, and each partition is on the
     * timeline with the broker's recovery.
     */
    @Test
    @Order(7)
    void aScheduledPartitionOfTheBrokersLinkLosesNothingAndIsOnTheTimeline() throws Exception {
        Agents agents = startAgents();
        String link = bed.link(NetnsTestbed.BROKER);
        Path file = work.resolve("partition.yaml");
        Files.writeString(file, "name: partition\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: queue, name: testbed.partition." + PORTS.get() + "}\n"
                + "publishers: {clients: 1, rate: 400}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "delivery: {persistent: true, ack: client, ackEvery: 10}\n"
                + "phases: {warmup: 2s, measure: 14s, drain: 20s}\n"
                + "faults:\n  - {action: partition, link: " + link + ", at: 6s, every: 5s, times: 2, downFor: 2s}\n");
        Jmsbench.Result result = startRun(agents, file).await(Duration.ofSeconds(150));
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

    /**
     * A capacity point against the broker in its own namespace, which the controller cannot see:
     * its CPU is measured by the monitor agent beside it, which finds its process by the URL's
     * port, so the point is not left unverified for want of the broker's CPU.
     */
    @Test
    @Order(8)
    void theMonitorMeasuresTheBrokersProcessOnItsHost() throws Exception {
        Agents agents = startAgents();
        Path file = work.resolve("capacity.yaml");
        Files.writeString(file, "name: capacity\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed.capacity." + PORTS.get() + "}\n"
                + "publishers: {clients: 1, rate: max}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "phases: {warmup: 2s, measure: 5s, drain: 10s}\n");
        Jmsbench.Result result = startRun(agents, file).await(Duration.ofSeconds(120));
        assertEquals(0, result.exit(), result.stdout() + result.stderr());
        assertFalse(result.stdout().contains("measured from /proc"),
                "the controller's namespace has no socket of the broker's: only the monitor can find it\n"
                        + result.stdout());

        JsonNode point = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "capacity"))
                .path("points").get(0);
        System.out.println("broker over the window, read by the monitor: " + point.path("cpu") + "; findings "
                + point.path("findings"));
        assertTrue(point.path("cpu").path("brokerCores").asDouble() > 0, point.path("cpu").toString());
        assertTrue(point.path("samples").findValues("brokerCores").stream().anyMatch(c -> c.asDouble() > 0),
                "the per-second samples carry the broker's cores too");
        for (JsonNode finding : point.path("findings")) {
            assertFalse(finding.path("code").asText().equals("BROKER_CPU_NOT_MEASURED"), finding.toString());
        }
        assertTrue(point.path("broker").path("rssBytes").asLong() > 0, "its memory too: " + point.path("broker"));
    }

    /** A monitor told a port nothing listens on: the broker's cores are unknown, and a note says why. */
    @Test
    @Order(9)
    void aMonitorThatFindsNoBrokerProcessSaysWhy() throws Exception {
        Agents agents = startAgents();
        int port = PORTS.getAndAdd(1);
        bed.startAgent(NetnsTestbed.BROKER, "monitor", port, token, work, "--broker-port", "9");
        Agents wrongPort = new Agents(agents.publisher(), agents.subscriber1(), agents.subscriber2(), agents.monitor(),
                agents.publisherAddress(), agents.subscriber1Address(), agents.subscriber2Address(),
                bed.address(NetnsTestbed.BROKER) + ":" + port, work);
        Path file = work.resolve("capacity.yaml");
        Files.writeString(file, "name: capacity\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed.capacity." + PORTS.get() + "}\n"
                + "publishers: {clients: 1, rate: max}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "phases: {warmup: 2s, measure: 5s, drain: 10s}\n");
        Jmsbench.Result result = startRun(wrongPort, file).await(Duration.ofSeconds(120));
        assertEquals(0, result.exit(), result.stdout() + result.stderr());

        JsonNode point = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "capacity"))
                .path("points").get(0);
        assertFalse(point.path("cpu").path("brokerCores").asDouble() > 0, "not measured: " + point.path("cpu"));
        String findings = point.path("findings").toString();
        assertTrue(findings.contains("BROKER_PROCESS_NOT_MEASURED") && findings.contains("no process listens on "
                + "port 9 on its host"), findings);
    }

    private static void signal(String name, Process process) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }
}
