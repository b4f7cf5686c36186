package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CI gate end to end, as a workflow runs it: scripts/ci-smoke.sh with real runs of
 * scenarios/ci-smoke.yaml (embedded broker, agents in their own JVMs). The first run becomes the
 * baseline; an unchanged run passes; a run whose publishers are throttled to half the baseline's
 * received rate fails with exit code 4 and names the point (or, when the judge found other work on
 * this shared host during a run, is called inconclusive with that finding); a run of another
 * scenario is refused with exit code 2.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
@NeedsAnIdleMachine
class CompareIT {

    private static final Path SCRIPT = Path.of("../scripts/ci-smoke.sh").toAbsolutePath();
    private static final Duration RUN = Duration.ofMinutes(2);
    private static final String GATE = "25%";
    /**
     * ci-smoke.yaml's own 20 s + 30 s are what a user's CI gets (and what docs/ci.md's noise study
     * measured); the gate's logic needs fewer. A 10 s window still has the 5 one-second batches an
     * interval needs, and its interval is wider than a 30 s one's (about sqrt(3) times, from a third of
     * the seconds): two unchanged runs are then less likely to lie apart, not more, and the 25% gate is
     * above the 14% the quiet host's unchanged runs spread over. A halving stays beyond both: the throttled
     * run's fixed rate has an interval of a few percent, so the two are apart unless the baseline's own
     * half-width passes some 45%, which a 10 s window of a saturated broker reaches only with several
     * seconds stalled; a side without an interval would be judged by the 25% alone, which a halving passes
     * too. 10 s of warm-up (smoke.yaml's) take the broker past the first seconds, when it fills its buffers
     * faster than it delivers, so that the window's seconds, and its interval, are not widened by that.
     */
    private static final String[] WINDOWS = {"--set", "phases.warmup=10s", "--set", "phases.measure=10s"};

    @TempDir
    Path dir;

    private record Outcome(int exit, String out) {
    }

    /**
     * scripts/ci-smoke.sh with the jar under test as its jmsbench and {@link #WINDOWS}, its output kept for the
     * assertion messages.
     */
    private Outcome script(String... args) throws IOException, InterruptedException {
        Path jmsbench = dir.resolve("jmsbench");
        if (!Files.exists(jmsbench)) {
            Files.writeString(jmsbench, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                    + "' -jar '" + Jmsbench.JAR.toAbsolutePath() + "' \"$@\"\n");
            Files.setPosixFilePermissions(jmsbench, PosixFilePermissions.fromString("rwx------"));
        }
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        command.addAll(List.of(WINDOWS));
        Path log = Files.createTempFile(dir, "ci-smoke", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("JMSBENCH", jmsbench.toString());
        Process p = builder.start();
        if (!p.waitFor(RUN.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("ci-smoke.sh did not finish within " + RUN + ":\n" + Files.readString(log));
        }
        String out = Files.readString(log);
        System.out.println(out);
        return new Outcome(p.exitValue(), out);
    }

    private static Path runDirectory(Path out) throws IOException {
        try (Stream<Path> reports = Files.walk(out)) {
            return reports.filter(p -> p.getFileName().toString().equals("report.json")).findFirst()
                    .orElseThrow(() -> new AssertionError("no report.json under " + out)).getParent();
        }
    }

    /**
     * The one other outcome the gate may give on this shared machine: the judge saw other work take the
     * host's cores during one of the two runs, and the gate says so (exit code 6) instead of deciding.
     */
    private static void assertDisturbed(Outcome o) {
        assertTrue(o.out().contains("INCONCLUSIVE ci-smoke: ") && o.out().contains("CPU_RULE_FOREIGN_LOAD")
                && o.out().contains("GATE INCONCLUSIVE"), o.out());
    }

    @Test
    void theGateKeepsABaselinePassesAnUnchangedRunAndFailsAThrottledOne() throws Exception {
        Outcome first = script("--baseline", "baselines", "--out", "first");
        assertEquals(0, first.exit(), first.out());
        assertTrue(first.out().contains("no baseline for ci-smoke in baselines yet: this run becomes it"), first.out());
        Path baseline = dir.resolve("baselines/ci-smoke/report.json");
        assertTrue(Files.isRegularFile(baseline));

        // unchanged: the noise test (95% intervals apart) and a threshold above this shared machine's
        // run-to-run drift (docs/ci.md: measured over 10 pairs) keep it from being called slower
        Outcome again = script("--baseline", "baselines", "--out", "again", "--max-regression", GATE);
        if (again.exit() == 6) {
            assertDisturbed(again);
        } else {
            assertEquals(0, again.exit(), again.out());
            assertTrue(again.out().contains("gate passed: 0 of 1 point slower"), again.out());
        }
        Path againRun = runDirectory(dir.resolve("again"));
        for (String written : List.of("compare.md", "compare.xml", "github-benchmark-rates.json",
                "github-benchmark-latency.json")) {
            assertTrue(Files.isRegularFile(againRun.resolve(written)), written);
        }

        JsonNode base = Json.MAPPER.readTree(baseline.toFile());
        long half = Math.round(base.path("points").get(0).path("received").path("rate").asDouble() / 2);
        Outcome throttled = script("--baseline", "baselines", "--out", "throttled", "--max-regression", GATE,
                "--save-baseline", "--set", "publishers.rate=" + half);
        if (throttled.exit() == 6) {
            assertDisturbed(throttled);
        } else {
            assertEquals(4, throttled.exit(), throttled.out());
            assertTrue(throttled.out().contains("REGRESSION ci-smoke: received "), throttled.out());
            assertTrue(throttled.out().contains("GATE FAILED: 1 of 1 point slower"), throttled.out());
            String comment = Files.readString(runDirectory(dir.resolve("throttled")).resolve("compare.md"));
            assertTrue(comment.startsWith("### jmsbench compare: ci-smoke — **gate failed**"), comment);
        }
        assertEquals(base.path("runId"), Json.MAPPER.readTree(baseline.toFile()).path("runId"),
                "only a run that passed replaces the baseline under --save-baseline");

        // any report of another scenario will do: the shortest windows the smoke allows
        Jmsbench.Result smoke = Jmsbench.run(dir, RUN, "run", Jmsbench.scenario("smoke.yaml").toString(), "--out",
                "smoke", "--set", "phases.warmup=1s", "--set", "phases.measure=1s");
        assertEquals(0, smoke.exit(), smoke.stderr());
        Jmsbench.Result other = Jmsbench.run(dir, Duration.ofSeconds(30), "compare",
                dir.resolve("baselines/ci-smoke").toString(), runDirectory(dir.resolve("smoke")).toString());
        assertEquals(2, other.exit(), other.stdout() + other.stderr());
        assertTrue(other.stderr().startsWith("jmsbench compare: the runs differ in scenario (base ci-smoke"),
                other.stderr());
    }
}
