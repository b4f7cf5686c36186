package io.jmsbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jmsbench compare} and {@code baseline} through the real command line, in-process, on real
 * reports (runs of ci-smoke and smoke on the 2-core VM, kept in bench-core's test resources): the
 * gate's exit codes, and one sentence with exit code 2 for everything it cannot compare.
 */
@Timeout(60)
class CompareCommandTest {

    private static final String NL = System.lineSeparator();
    private static final Path FIXTURES = Path.of("../bench-core/src/test/resources/regression");
    private static final String BASE = FIXTURES.resolve("ci-smoke-base.json").toString();
    private static final String AGAIN = FIXTURES.resolve("ci-smoke-again.json").toString();
    private static final String HALF = FIXTURES.resolve("ci-smoke-half-rate.json").toString();
    private static final String SMOKE = FIXTURES.resolve("smoke.json").toString();

    @TempDir
    Path dir;

    private static void assertRefused(String expected, String... args) {
        Cli.Result r = Cli.execute(args);
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals(expected + NL, r.err());
        assertEquals("", r.out());
    }

    @Test
    void unchangedRunsPassAndTheHalfRateRunFailsWithItsPointNamed() {
        Cli.Result same = Cli.execute("compare", BASE, AGAIN);
        assertEquals(ExitCodes.OK, same.exit(), same.out() + same.err());
        assertTrue(same.out().contains("gate passed"), same.out());
        Cli.Result half = Cli.execute("compare", BASE, HALF);
        assertEquals(ExitCodes.REGRESSION, half.exit(), half.out() + half.err());
        assertTrue(half.out().contains("REGRESSION ci-smoke: received 100,904 ± 4,827 -> 50,451 ± 4,917 msgs/s"),
                half.out());
    }

    @Test
    void requireValidFailsOnPointsThatAreNotValid() {
        Cli.Result r = Cli.execute("compare", BASE, AGAIN, "--require-valid");
        assertEquals(ExitCodes.REGRESSION, r.exit(), r.out());
        assertTrue(r.out().contains("not valid on both sides (--require-valid)"), r.out());
    }

    @Test
    void aLooserThresholdOrNoneLetsTheHalfRatePass() {
        assertEquals(ExitCodes.OK, Cli.execute("compare", BASE, HALF, "--max-regression", "60%").exit());
        assertEquals(ExitCodes.OK, Cli.execute("compare", BASE, HALF, "--max-regression", "off").exit());
    }

    @Test
    void runsOfDifferentScenariosAreRefusedUnlessAllowed() {
        assertRefused("jmsbench compare: the runs differ in scenario (base smoke (sha256 c288f9426a2d), new ci-smoke "
                + "(sha256 1c96c5a61b3b)), so a change would not be the one you made; to compare them anyway, add "
                + "--allow-different scenario", "compare", SMOKE, BASE);
        Cli.Result allowed = Cli.execute("compare", SMOKE, BASE, "--allow-different", "scenario");
        assertTrue(allowed.exit() == ExitCodes.OK || allowed.exit() == ExitCodes.REGRESSION, allowed.err());
        assertTrue(allowed.out().contains("differs, allowed: scenario: base smoke"), allowed.out());
    }

    @Test
    void aDifferentJvmIsRefusedByName() throws IOException {
        ObjectNode tree = (ObjectNode) Json.MAPPER.readTree(Path.of(AGAIN).toFile());
        ((ObjectNode) tree.path("environment").path("controllerJvm")).put("javaVersion", "25.0.1+8-LTS");
        Path other = Files.writeString(dir.resolve("jvm25.json"), Json.MAPPER.writeValueAsString(tree));
        Cli.Result r = Cli.execute("compare", BASE, other.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exit());
        assertTrue(r.err().startsWith("jmsbench compare: the runs differ in jvm (base 17.0.15+6-Debian-1deb12u1, new "
                + "17.0.15+6-Debian-1deb12u1, 25.0.1+8-LTS)"), r.err());
        assertEquals(ExitCodes.OK, Cli.execute("compare", BASE, other.toString(), "--allow-different", "jvm").exit());
    }

    @Test
    void badOptionsAreOneSentenceEach() {
        assertRefused("jmsbench compare: --format: expected one of text, markdown, json, github-benchmark, "
                + "github-benchmark-latency, junit, found 'html'", "compare", BASE, AGAIN, "--format", "html");
        assertRefused("jmsbench compare: --max-regression: expected a percentage from 0% to 100% (e.g. 5%) or off, "
                + "found 'five'", "compare", BASE, AGAIN, "--max-regression", "five");
        assertRefused("jmsbench compare: --max-latency-regression: expected a percentage from 0% to 100% (e.g. 5%) "
                + "or off, found '150%'", "compare", BASE, AGAIN, "--max-latency-regression", "150%");
        assertRefused("jmsbench compare: --allow-different: expected parts among scenario, broker, provider, clients, "
                + "jvm, cores, cpus, found 'host'", "compare", BASE, AGAIN, "--allow-different", "host");
        assertRefused("jmsbench compare: --output: expected one of text, markdown, json, github-benchmark, "
                + "github-benchmark-latency, junit, found 'pdf'", "compare", BASE, AGAIN, "--output", "pdf=x.pdf");
        assertRefused("jmsbench compare: expected two runs, BASE and NEW (or NEW with --baseline DIR), found 1",
                "compare", BASE);
        assertRefused("jmsbench compare: " + dir.resolve("none") + ": no such file", "compare", BASE,
                dir.resolve("none").toString());
    }

    @Test
    void anOutputThatCannotBeWrittenIsRefusedAndNothingIsPrinted() {
        Path missing = dir.resolve("no-such-dir").resolve("c.md");
        Cli.Result r = Cli.execute("compare", BASE, AGAIN, "--output", "markdown=" + missing);
        assertEquals(ExitCodes.BAD_INPUT, r.exit());
        assertEquals("jmsbench compare: --output " + missing + ": expected a file in an existing directory, found no "
                + "directory " + missing.getParent() + System.lineSeparator(), r.err());
        assertEquals("", r.out());
    }

    @Test
    void everyFormatCanBeWrittenBesideTheText() throws IOException {
        Cli.Result r = Cli.execute("compare", BASE, HALF, "--output", "markdown=" + dir.resolve("c.md"), "--output",
                "junit=" + dir.resolve("c.xml"), "--output", "json=" + dir.resolve("c.json"));
        assertEquals(ExitCodes.REGRESSION, r.exit());
        assertTrue(Files.readString(dir.resolve("c.md")).startsWith("### jmsbench compare: ci-smoke — **gate failed**"));
        assertTrue(Files.readString(dir.resolve("c.xml")).contains("failures=\"1\""));
        assertTrue(Files.readString(dir.resolve("c.json")).contains("\"passes\" : false"));
        assertTrue(r.out().startsWith("jmsbench compare: ci-smoke"));
    }

    @Test
    void aBaselineIsKeptShownAndComparedWith() throws IOException {
        Path baselines = dir.resolve("baselines");
        Cli.Result saved = Cli.execute("baseline", "save", BASE, "--dir", baselines.toString());
        assertEquals(ExitCodes.OK, saved.exit(), saved.err());
        assertTrue(saved.out().contains("ci-smoke run 20261124T001129Z is the baseline in"), saved.out());
        assertTrue(saved.out().contains("note: 1 of 1 points are not valid"), saved.out());
        assertTrue(Files.isRegularFile(baselines.resolve("ci-smoke").resolve("report.json")));
        Cli.Result shown = Cli.execute("baseline", "show", "--dir", baselines.toString());
        assertEquals(ExitCodes.OK, shown.exit(), shown.err());
        assertTrue(shown.out().startsWith("ci-smoke: run 20261124T001129Z"), shown.out());
        assertEquals(ExitCodes.REGRESSION, Cli.execute("compare", "--baseline", baselines.toString(), HALF).exit());
        assertEquals(ExitCodes.OK, Cli.execute("compare", "--baseline", baselines.toString(), AGAIN).exit());
        assertRefused("jmsbench compare: --baseline " + baselines + ": no baseline for scenario smoke (keep one with: "
                + "./jmsbench baseline save RUN --dir " + baselines + ")", "compare", "--baseline",
                baselines.toString(), SMOKE);
        assertRefused("jmsbench compare: with --baseline, expected one run (NEW), found 2", "compare", "--baseline",
                baselines.toString(), BASE, AGAIN);
        assertRefused("jmsbench baseline show: " + baselines + ": no baseline for scenario smoke", "baseline", "show",
                "--dir", baselines.toString(), "smoke");
    }

    @Test
    void anAbortedOrInvalidRunIsNotKeptAsABaselineWhenThatWouldMislead() throws IOException {
        ObjectNode tree = (ObjectNode) Json.MAPPER.readTree(Path.of(BASE).toFile());
        tree.put("status", "aborted").put("abortReason", "interrupted by a signal (Ctrl-C or SIGTERM)");
        Path aborted = Files.writeString(dir.resolve("aborted.json"), Json.MAPPER.writeValueAsString(tree));
        Path baselines = dir.resolve("baselines");
        assertRefused("jmsbench baseline save: " + aborted + ": an aborted run is not a baseline (interrupted by a "
                + "signal (Ctrl-C or SIGTERM))", "baseline", "save", aborted.toString(), "--dir", baselines.toString());
        Cli.Result invalid = Cli.execute("baseline", "save", BASE, "--dir", baselines.toString(), "--require-valid");
        assertEquals(ExitCodes.INVALID_RESULT, invalid.exit());
        assertFalse(Files.exists(baselines.resolve("ci-smoke")));
    }
}
