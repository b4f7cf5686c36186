package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Runs that cannot start or are stopped halfway: clear words, the right exit code, no JVM left behind. */
@Timeout(180)
@NeedsAnIdleMachine
class FaultIT {

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openwire, tcp", "amqp, amqp"})
    void brokerThatRefusesConnectionsGivesOneSentenceAndExitThree(String provider, String scheme) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String url = scheme + "://127.0.0.1:" + port;
        Path scenario = work.resolve("down.yaml");
        Files.writeString(scenario, "name: down\nprovider: " + provider + "\nbroker: {url: " + url + "}\n"
                + "phases: {warmup: 1s, measure: 2s, drain: 1s}\n");
        Path out = work.resolve("results");

        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), "run", scenario.toString(), "--out", out.toString());

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        // the words tell a refusal from the probe's timeout ("did not answer within 12 s"); the time a whole run
        // takes to say so is the host's (a new JVM: 2.5 to 5 s at a load average of 7 on these 2 cores)
        List<String> lines = result.stderr().strip().lines().toList();
        assertEquals(1, lines.size(), "one sentence: " + result.stderr());
        assertTrue(lines.get(0).startsWith("jmsbench: nothing answers at " + url + ": "), lines.get(0));
        assertFalse(result.stderr().contains("\tat "), "no stack trace");
        assertFalse(Files.exists(out), "nothing written under results/");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // OpenWire carries the broker's sentence; an AMQP SASL outcome only a code, which Qpid JMS words
            "openwire | tcp  | User name [bench-user] or password is invalid.",
            "amqp     | amqp | Client failed to authenticate using SASL: PLAIN"})
    void aRefusedLoginGivesTheBrokersOwnWordsAndExitThreeAtOnce(String provider, String scheme, String words)
            throws Exception {
        try (GuardedBroker broker = GuardedBroker.start("bench-user", "right-password")) {
            String url = scheme.equals("tcp") ? broker.openwireUrl() : broker.amqpUrl();
            Path scenario = work.resolve("guarded.yaml");
            Files.writeString(scenario, "name: guarded\nprovider: " + provider + "\nbroker: {url: \"" + url + "\"}\n"
                    + "phases: {warmup: 1s, measure: 2s, drain: 1s}\n");
            Path out = work.resolve("results");

            Jmsbench.Result result = Jmsbench.start(work, java.util.Map.of("JMSBENCH_BROKER_USER", "bench-user",
                            "JMSBENCH_BROKER_PASSWORD", "wrong-password"), "run", scenario.toString(),
                    "--out", out.toString()).await(Duration.ofSeconds(60));

            assertEquals(3, result.exit(), result.stdout() + result.stderr());
            // a refusal, not a timeout: the broker's own words (the probe's timeout says "did not answer within
            // 12 s"); how long the whole run took, a new JVM's start included, is the host's
            List<String> lines = result.stderr().strip().lines().toList();
            assertEquals(1, lines.size(), "one sentence: " + result.stderr());
            assertEquals("jmsbench: the broker at " + url + " refused the login of bench-user: " + words, lines.get(0));
            assertFalse(result.stderr().contains("wrong-password"), "the password is never printed");
            assertFalse(Files.exists(out), "nothing written under results/");
        }
    }

    @Test
    void ctrlCDuringTheMeasurementStopsEveryJvmAndMarksTheReportAborted() throws Exception {
        // a build started in the background of a non-interactive shell inherits SIGINT ignored,
        // and so does every JVM it starts: no ctrl-C can reach jmsbench there
        assumeFalse(sigintIgnored(), "SIGINT is ignored by whatever started this build (a background job?)");
        Path out = work.resolve("results");
        Jmsbench.Running run = Jmsbench.start(work, "run", Jmsbench.scenario("smoke.yaml").toString(), "--out",
                out.toString(), "--set", "phases.measure=60s", "--set", "phases.warmup=1s");
        run.awaitOutput(" measure ", Duration.ofSeconds(60));
        List<ProcessHandle> children = run.process().descendants().toList();
        assertEquals(3, children.size(), "broker, publisher agent and subscriber agent JVMs: " + children);

        Jmsbench.interrupt(run.process());
        Jmsbench.Result result = run.await(Duration.ofSeconds(60));

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        assertNoneAlive(children, Duration.ofSeconds(5));
        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "smoke"));
        assertEquals("aborted", report.path("status").asText());
        assertTrue(report.path("abortReason").asText().contains("signal"), report.path("abortReason").asText());
        assertFalse(report.path("valid").asBoolean());
        assertFalse(report.path("points").get(0).path("valid").asBoolean());
        assertTrue(report.path("points").get(0).path("samples").size() > 0, "what was measured is kept");
    }

    /** Whether this process ignores SIGINT (signal 2: bit 1 of SigIgn in /proc/self/status). */
    private static boolean sigintIgnored() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16) & 0b10) != 0);
    }

    @Test
    void killingTheControllerLeavesNoOrphanJvm() throws Exception {
        Jmsbench.Running run = Jmsbench.start(work, "run", Jmsbench.scenario("smoke.yaml").toString(), "--out",
                work.resolve("results").toString(), "--set", "phases.measure=60s", "--set", "phases.warmup=1s");
        run.awaitOutput(" measure ", Duration.ofSeconds(60));
        List<ProcessHandle> children = run.process().descendants().toList();
        assertEquals(3, children.size(), "broker, publisher agent and subscriber agent JVMs: " + children);

        run.process().destroyForcibly(); // SIGKILL: no shutdown hook runs
        run.process().waitFor();

        assertNoneAlive(children, Duration.ofSeconds(20));
    }

    @Test
    void theBrokerDyingMidRunEndsThePointWithTheReasonAndStopsTheAgents() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Running run = Jmsbench.start(work, "run", Jmsbench.scenario("smoke.yaml").toString(), "--out",
                out.toString(), "--set", "phases.measure=60s", "--set", "phases.warmup=1s");
        run.awaitOutput("  measure ", Duration.ofSeconds(60));
        List<ProcessHandle> children = run.process().descendants().toList();
        ProcessHandle broker = children.stream()
                .filter(p -> p.info().commandLine().orElse("").contains(" broker ")).findFirst()
                .orElseThrow(() -> new AssertionError("no broker JVM among " + children));

        broker.destroyForcibly();
        long killed = System.nanoTime();
        Jmsbench.Result result = run.await(Duration.ofSeconds(60));

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        assertTrue(System.nanoTime() - killed < Duration.ofSeconds(30).toNanos(), "ends within its timeouts");
        assertNoneAlive(children, Duration.ofSeconds(5));
        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "smoke"));
        assertEquals("aborted", report.path("status").asText());
        assertTrue(report.path("abortReason").asText().contains("the broker JVM (pid " + broker.pid() + ") died"),
                report.path("abortReason").asText());
        assertTrue(report.path("points").get(0).path("samples").size() > 0, "what was measured is kept");
    }

    private static void assertNoneAlive(List<ProcessHandle> processes, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline && processes.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(100);
        }
        List<ProcessHandle> alive = processes.stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroyForcibly);
        assertEquals(List.of(), alive.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList(),
                "JVMs left behind");
    }
}
