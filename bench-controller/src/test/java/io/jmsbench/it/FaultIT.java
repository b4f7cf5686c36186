package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * Runs stopped halfway: clear words, the right exit code, no JVM left behind. They assert how soon
 * (every JVM gone within seconds, the run ended within its timeouts), so they run alone; runs that
 * cannot start, which assert words and exit codes only, are {@link RefusedRunsIT}.
 */
@Timeout(180)
@NeedsAnIdleMachine
class FaultIT {

    @TempDir
    Path work;

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
