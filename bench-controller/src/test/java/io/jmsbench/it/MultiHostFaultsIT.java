package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.it.MultiHostTestbed.Agents;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The faults a testbed meets, on the five-machine testbed in network namespaces (see
 * {@link NetnsTestbed}, {@link MultiHostTestbed}): a wrong token, a second controller, a controller that
 * dies, an agent killed, an agent stopped, the broker host's link pulled; and the monitor agent
 * beside the broker, finding its process or saying why not. None of their assertions depends on an
 * idle host: exit codes, reasons and findings, bounds many times what they wait for (a 5 s lease
 * seen expired within 20 s), no verdict from the CPU rules, rates or clocks; the runs judged on
 * their figures are {@link MultiHostIT}'s.
 */
@Timeout(240)
@Order(1) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
@ResourceLock(NetnsTestbed.LOCK)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostFaultsIT {

    private static MultiHostTestbed testbed;
    /** The agents' logs and ready files. */
    @TempDir
    static Path agentsDir;

    @TempDir
    Path work;
    /** The test's agents, shared (see {@link #agents}). */
    private Agents agents;
    /** A test that needs agents whose lease lapses 5 s after the last call instead of the default 30 s. */
    private static final String SHORT_LEASE = "short-lease";
    /** The agents' hidden knob for how long stopping or closing their clients may take (AgentServer, 10 s). */
    private static final String AGENT_STOP_SECONDS = "-Djmsbench.test.agentStopSeconds=";

    @BeforeAll
    static void testbed() throws Exception {
        String why = NetnsTestbed.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        testbed = MultiHostTestbed.open();
    }

    /**
     * One publisher, two subscribers and a monitor shared by the tests (four JVMs started were most of a
     * short test's time): each test leaves them free or kills one, so each gets them alive and idle again,
     * and a destination of its own. Two sets, one after the other: the default 30 s lease for the first
     * four tests (so that a survivor still held at a run's end is seen held), then a 5 s lease for those
     * of a dead controller, a stopped agent (both wait for it to lapse) and a cut-off broker host. Those
     * three also stop and close their clients within 3 s instead of 10 (a hidden knob of the agents'):
     * clients cut off from their broker wait out that bound, twice, and nothing asserted is about it.
     */
    @BeforeEach
    void agents(TestInfo test) throws Exception {
        agents = test.getTags().contains(SHORT_LEASE)
                ? testbed.sharedAgents(agentsDir, List.of(AGENT_STOP_SECONDS + 3), "--lease", "5s")
                : testbed.sharedAgents(agentsDir, List.of());
    }

    @AfterAll
    static void teardown() throws Exception {
        if (testbed != null) {
            testbed.close();
        }
    }

    @Test
    @Order(1)
    void anAgentRefusesAWrongTokenAndChangesNothing() throws Exception {
        AgentClient wrong = MultiHostTestbed.client(agents.publisherAddress(), "intruder", "not-the-token-0123456789");

        AgentException refused = assertThrows(AgentException.class, wrong::info);
        assertTrue(refused.getMessage().contains("missing or wrong bearer token"), refused.getMessage());
        assertThrows(AgentException.class, wrong::close);
        assertTrue(testbed.idle(agents.publisherAddress()), "a refused call claims nothing");
        assertTrue(Files.readString(agents.log(NetnsTestbed.PUBLISHER, "publisher", agents.publisherAddress()))
                .contains("missing or wrong bearer token"), "the agent logs the refusal");

        Path bad = work.resolve("bad-token");
        Files.writeString(bad, "not-the-token-0123456789\n");
        Files.setPosixFilePermissions(bad, PosixFilePermissions.fromString("rw-------"));
        List<String> args = new ArrayList<>(List.of("run", testbed.scenario(work, "2s", "").toString(), "--out",
                work.resolve("results").toString(), "--token-file", bad.toString()));
        args.addAll(agents.args());
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), args.toArray(String[]::new));

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        assertEquals(1, result.stderr().strip().lines().count(), result.stderr());
        assertTrue(result.stderr().contains("missing or wrong bearer token"), result.stderr());
        assertFalse(Files.exists(work.resolve("results")), "nothing written");
    }

    @Test
    @Order(5)
    @Tag(SHORT_LEASE)
    void aSecondControllerGets409AndADeadControllersClientsCloseWhenItsLeaseExpires() throws Exception {
        Jmsbench.Running run = testbed.startRun(work, agents, testbed.scenario(work, "60s", ""));
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        AgentClient second = MultiHostTestbed.client(agents.subscriber1Address(), "second-controller",
                Files.readString(testbed.token).strip());
        AgentException busy = assertThrows(AgentException.class, second::close);
        assertTrue(busy.getMessage().contains("busy: this agent is held by lease testbed@"), busy.getMessage());

        Path publisherLog = agents.log(NetnsTestbed.PUBLISHER, "publisher", agents.publisherAddress());
        int before = Files.readString(publisherLog).length(); // the agent served earlier tests: what it logs now
        run.process().destroyForcibly(); // kill -9: the controller cannot say goodbye
        run.process().waitFor();
        long killed = System.nanoTime();
        while (!Files.readString(publisherLog).substring(before).contains("lease expired")
                && System.nanoTime() - killed < Duration.ofSeconds(20).toNanos()) {
            Thread.sleep(100);
        }
        System.out.printf("publisher agent closed the dead controller's clients %.1f s after the kill (lease 5 s)%n",
                (System.nanoTime() - killed) / 1e9);
        assertTrue(Files.readString(publisherLog).substring(before).contains("lease expired"), "the publisher agent "
                + "closed the dead run's clients on its own:\n" + Files.readString(publisherLog).substring(before));
        for (String address : List.of(agents.publisherAddress(), agents.subscriber1Address(),
                agents.subscriber2Address())) {
            testbed.awaitIdle(address, Duration.ofSeconds(20));
        }
    }

    @Test
    @Order(4)
    void aKilledSubscriberAgentEndsThePointWithTheReasonAndTheOthersAreReleased() throws Exception {
        Jmsbench.Running run = testbed.startRun(work, agents, testbed.scenario(work, "60s", ""));
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
        assertTrue(testbed.idle(agents.publisherAddress()) && testbed.idle(agents.subscriber1Address()),
                "the survivors are free");
    }

    @Test
    @Order(6)
    @Tag(SHORT_LEASE)
    void aStoppedPublisherAgentIsStaleAndWithContinueTheNextPointRunsOrSaysWhyNot() throws Exception {
        Jmsbench.Running run = testbed.startRun(work, agents, testbed.scenario(work, "30s", "repeat: 2\n"),
                "--on-failure", "continue");
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
        testbed.awaitIdle(agents.publisherAddress(), Duration.ofSeconds(20));
    }

    @Test
    @Order(7)
    @Tag(SHORT_LEASE)
    void pullingTheBrokerHostsLinkStallsThePointWhichEndsWithTheReason() throws Exception {
        // a stall after 5 s without a send instead of the product's 15 s, and the release of the monitor agent on
        // the cut-off broker host given up after 3 s instead of 15 (hidden knobs of the controller's)
        Jmsbench.Running run = testbed.startRun(work, List.of(Jmsbench.STALL_SECONDS + 5, Jmsbench.RELEASE_SECONDS + 3),
                agents, testbed.scenario(work, "90s", ""));
        run.awaitOutput("  measure ", Duration.ofSeconds(90));

        testbed.bed.link(NetnsTestbed.BROKER, false);
        long pulled = System.nanoTime();
        Jmsbench.Result result;
        try {
            result = run.await(Duration.ofSeconds(120));
        } finally {
            testbed.bed.link(NetnsTestbed.BROKER, true);
        }
        System.out.printf("broker link down: the run ended %.1f s later%n", (System.nanoTime() - pulled) / 1e9);

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "testbed"));
        System.out.println("report: status " + report.path("status") + ", reason " + report.path("abortReason"));
        assertTrue(report.path("abortReason").asText().contains("stalled"), report.path("abortReason").asText());
        assertFalse(report.path("points").get(0).path("valid").asBoolean());
    }

    /**
     * A capacity point against the broker in its own namespace, which the controller cannot see:
     * its CPU is measured by the monitor agent beside it, which finds its process by the URL's
     * port, so the point is not left unverified for want of the broker's CPU.
     */
    @Test
    @Order(2)
    void theMonitorMeasuresTheBrokersProcessOnItsHost() throws Exception {
        Path file = work.resolve("capacity.yaml");
        Files.writeString(file, "name: capacity\n"
                + "broker: {url: \"" + testbed.brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed.capacity." + testbed.port() + "}\n"
                + "publishers: {clients: 1, rate: max}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "phases: {warmup: 2s, measure: 5s, drain: 10s}\n");
        Jmsbench.Result result = testbed.startRun(work, agents, file).await(Duration.ofSeconds(120));
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
    @Order(3)
    void aMonitorThatFindsNoBrokerProcessSaysWhy() throws Exception {
        int port = testbed.takePorts(1);
        testbed.bed.startAgent(NetnsTestbed.BROKER, "monitor", port, testbed.token, work, "--broker-port", "9");
        Agents wrongPort = new Agents(agents.publisher(), agents.subscriber1(), agents.subscriber2(), agents.monitor(),
                agents.publisherAddress(), agents.subscriber1Address(), agents.subscriber2Address(),
                testbed.bed.address(NetnsTestbed.BROKER) + ":" + port, work);
        Path file = work.resolve("capacity.yaml");
        Files.writeString(file, "name: capacity\n"
                + "broker: {url: \"" + testbed.brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed.capacity." + testbed.port() + "}\n"
                + "publishers: {clients: 1, rate: max}\n"
                + "subscribers:\n  - {clients: 1}\n"
                + "phases: {warmup: 2s, measure: 5s, drain: 10s}\n");
        Jmsbench.Result result = testbed.startRun(work, wrongPort, file).await(Duration.ofSeconds(120));
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
