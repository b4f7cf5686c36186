package io.jmsbench.cli;

import io.jmsbench.history.store.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code history import}, {@code history show} and {@code compare --history} through the real command
 * line, in-process, on a results tree of ci-smoke runs made from a real report (received rate set run by
 * run): the change point found and named, the gate's N and bound, the fallback to the pairwise rule.
 */
@Timeout(60)
class HistoryCommandTest {

    /** Received rates around 100,000 (±1.5%), as an unchanged run after run would give them. */
    private static final double[] STEADY = {100_400, 99_100, 101_200, 98_900, 100_700, 99_600, 100_100, 101_500};

    @TempDir
    Path dir;

    /** Runs {@code first}.. of ci-smoke under dir/results, received rates as given, commit c{n}. */
    private void runs(int first, double... received) throws IOException {
        for (int i = 0; i < received.length; i++) {
            int n = first + i;
            Path run = Files.createDirectories(dir.resolve("results/ci-smoke/run" + n));
            Files.writeString(run.resolve("report.json"), Runs.tree(n, received[i]).toString());
        }
    }

    private Cli.Result importAll() {
        Cli.Result r = Cli.execute("history", "import", dir.resolve("results").toString(), "--history", history());
        assertEquals(ExitCodes.OK, r.exit(), r.out() + r.err());
        return r;
    }

    private String history() {
        return dir.resolve("results/history.db").toString();
    }

    @Test
    void aFallIsAChangePointWithTheRunsAndCommitsOnItsSides() throws IOException {
        runs(10, STEADY);
        runs(18, 90_300, 89_500, 91_000, 90_100, 89_800);
        Cli.Result imported = importAll();
        assertEquals("jmsbench history import: 13 reports under " + dir.resolve("results") + ": 13 recorded, 0 already "
                + "in the history, 0 skipped; history " + history() + System.lineSeparator(), imported.out());
        assertTrue(importAll().out().contains(": 0 recorded, 13 already in the history"));
        Cli.Result shown = Cli.execute("history", "show", "ci-smoke", "--history", history());
        assertEquals(ExitCodes.OK, shown.exit(), shown.out() + shown.err());
        System.out.println(shown.out());
        assertTrue(shown.out().contains("ci-smoke: 13 runs of fingerprint "), shown.out());
        assertTrue(shown.out().contains("CHANGE received: from run #9 (20261124T0018Z, commit -), after #8 "
                + "(20261124T0017Z, commit -): mean 100,188 -> 90,140 msgs/s (-10.0%, p = "), shown.out());
        assertTrue(shown.out().contains("commits not recorded (run with --commit, or GITHUB_SHA set)"), shown.out());
        Cli.Result markdown = Cli.execute("history", "show", "ci-smoke", "--history", history(), "--format",
                "markdown", "--html", dir.resolve("trend.html").toString());
        assertEquals(ExitCodes.OK, markdown.exit(), markdown.err());
        assertTrue(markdown.out().startsWith("### jmsbench history: ci-smoke\n\n**1 change point**:\n- ci-smoke, "
                + "received: from run #9"), markdown.out());
        String page = Files.readString(dir.resolve("trend.html"));
        assertTrue(page.contains("uPlot") && page.contains("\"changes\":[{\"index\":8}]"), "the page's data");
        assertTrue(page.startsWith(io.jmsbench.report.html.PageHead.html("jmsbench history: ci-smoke") + "\n<style>\n"),
                "report.html's head, then the page's own style");
    }

    @Test
    void aRunWithOtherOverridesIsLeftOutAndSaid() throws IOException {
        runs(10, STEADY);
        Path other = Files.createDirectories(dir.resolve("results/ci-smoke/half"));
        Files.writeString(other.resolve("report.json"), Runs.tree(30, 50_000).set("overrides",
                io.jmsbench.protocol.Json.MAPPER.createArrayNode().add("publishers.rate=50000")).toString());
        importAll();
        Cli.Result shown = Cli.execute("history", "show", "ci-smoke", "--history", history());
        assertTrue(shown.out().contains("  left out: 8 runs of ci-smoke with fingerprint "), shown.out());
        assertTrue(shown.out().contains("ci-smoke: 1 run of fingerprint "), shown.out());
    }

    @Test
    void theGateJudgesANewRunByItsHistorysBound() throws IOException {
        runs(10, STEADY);
        runs(30, 99_000);
        runs(31, 93_000);
        importAll();
        Cli.Result same = Cli.execute("compare", "--history", history(), dir.resolve("results/ci-smoke/run30").toString());
        System.out.println(same.out());
        assertEquals(ExitCodes.OK, same.exit(), same.out() + same.err());
        assertTrue(same.out().contains("ci-smoke   N = 8 runs, new run invalid"), same.out());
        assertTrue(same.out().contains("received msgs/s        99,000 ± 4,827       100,188 ± 945          97,817  "),
                same.out());
        Cli.Result fell = Cli.execute("compare", "--history", history(), "--max-regression", "5%",
                dir.resolve("results/ci-smoke/run31").toString());
        System.out.println(fell.out());
        assertEquals(ExitCodes.REGRESSION, fell.exit(), fell.out() + fell.err());
        assertTrue(fell.out().contains("REGRESSION ci-smoke: received 93,000 ± 4,827 msgs/s, below the 95% prediction bound "
                + "97,702 of the last 9 runs (mean 100,056, s 968) and -7.1%, beyond the 5.0% allowed"), fell.out());
        assertTrue(fell.out().endsWith("GATE FAILED: 1 of 1 point beyond its history's prediction bound and the "
                + "threshold" + System.lineSeparator()), fell.out());
        Cli.Result loose = Cli.execute("compare", "--history", history(), "--max-regression", "10%",
                dir.resolve("results/ci-smoke/run31").toString());
        assertEquals(ExitCodes.OK, loose.exit(), loose.out());
        assertTrue(loose.out().contains("beyond the bound, within 10.0%"), loose.out());
    }

    /** After a level shift, the runs since it are the distribution: the older level's spread would hide a fall. */
    @Test
    void theGateJudgesByTheRunsSinceTheLastChangePoint() throws IOException {
        runs(10, STEADY);
        runs(18, 90_300, 89_500, 91_000, 90_100, 89_800);
        runs(40, 85_000);
        importAll();
        Cli.Result r = Cli.execute("compare", "--history", history(), dir.resolve("results/ci-smoke/run40").toString());
        assertEquals(ExitCodes.REGRESSION, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("received msgs/s        85,000 ± 4,827       90,140 ± 568 (N 5)"), r.out());
        assertTrue(r.out().contains("of the last 5 runs (since its last change point) (mean 90,140"), r.out());
    }

    /** A run with a setting changed (here a publish rate) judged against the runs without it, named by fingerprint. */
    @Test
    void aRunOfAnotherFingerprintIsJudgedAgainstTheLineageNamed() throws Exception {
        runs(10, STEADY);
        Path throttled = Files.createDirectories(dir.resolve("throttled"));
        com.fasterxml.jackson.databind.node.ObjectNode tree = Runs.tree(40, 90_000);
        // paced, so its latency is from the intended send: not comparable with the saturated runs' (and far higher)
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("points").get(0).path("latency"))
                .put("basis", io.jmsbench.report.LatencyFigures.INTENDED).put("p99", 9_000_000.0);
        Files.writeString(throttled.resolve("report.json"), tree.set("overrides",
                io.jmsbench.protocol.Json.MAPPER.createArrayNode().add("publishers.rate=90000")).toString());
        importAll();
        String steady = io.jmsbench.history.store.RunRecords.of(Runs.report(10, 1), null, "x").run().fingerprint();
        Cli.Result own = Cli.execute("compare", "--history", history(), throttled.toString());
        assertEquals(ExitCodes.OK, own.exit(), own.out());
        assertTrue(own.out().contains("nothing to gate against"), own.out());
        Cli.Result against = Cli.execute("compare", "--history", history(), "--history-lineage", steady.substring(0, 6),
                throttled.toString());
        assertEquals(ExitCodes.REGRESSION, against.exit(), against.out() + against.err());
        assertTrue(against.out().contains("  judged against fingerprint " + steady + " (--history-lineage): "),
                against.out());
        assertTrue(against.out().contains("REGRESSION ci-smoke: received 90,000 ± 4,827 msgs/s, below the 95% "
                + "prediction bound"), against.out());
        assertTrue(against.out().contains("  latency not gated: the runs of another fingerprint may have measured it"),
                against.out());
        assertFalse(against.out().contains("REGRESSION ci-smoke: p99"), against.out());
    }

    @Test
    void aShortHistoryFallsBackToThePairwiseRuleAndSaysSo() throws IOException {
        runs(10, 100_000, 99_000);
        runs(20, 50_000);
        importAll();
        Cli.Result r = Cli.execute("compare", "--history", history(), dir.resolve("results/ci-smoke/run20").toString());
        assertEquals(ExitCodes.REGRESSION, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("history: 2 comparable runs of ci-smoke in " + history() + ", fewer than the 5 the "
                + "history rule needs: the pairwise rule decides, against run 20261124T0011Z, the newest comparable "
                + "run in the history"), r.out());
        assertTrue(r.out().contains("FAILS THE GATE"), r.out());
        Cli.Result withBase = Cli.execute("compare", "--history", history(), dir.resolve("results/ci-smoke/run10")
                .toString(), dir.resolve("results/ci-smoke/run20").toString());
        assertEquals(ExitCodes.REGRESSION, withBase.exit(), withBase.out());
        assertTrue(withBase.out().startsWith("history: 2 comparable runs of ci-smoke in " + history() + ", fewer than "
                + "the 5 the history rule needs: the pairwise rule decides, against BASE\njmsbench compare: ci-smoke"),
                withBase.out());
        Cli.Result first = Cli.execute("compare", "--history", dir.resolve("none.db").toString(),
                dir.resolve("results/ci-smoke/run20").toString());
        assertEquals(ExitCodes.OK, first.exit(), first.out());
        assertEquals("jmsbench compare --history: no history at " + dir.resolve("none.db") + " yet, and no comparable "
                + "run to compare with: nothing to gate against (a first run starts the history)\n", first.out());
        assertFalse(Files.exists(dir.resolve("none.db")), "reading made no history");
    }

    /** A history the run cannot write: one sentence, after the run's own results. */
    @Test
    void aHistoryTheRunCannotWriteIsOneSentence() throws Exception {
        Files.writeString(dir.resolve("file"), "not a directory");
        StringWriter err = new StringWriter();
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        io.jmsbench.history.store.HistoryLocation location = io.jmsbench.history.store.HistoryLocation.parse("--history",
                dir.resolve("file/history.db").toString(), null);
        RunHistory.record(location, null, Runs.report(1, 100_000), dir, new PrintStream(console, true),
                new PrintWriter(err, true), Map.of());
        assertEquals("", console.toString());
        assertTrue(err.toString().startsWith("jmsbench run: not recorded in the history: " + dir.resolve("file/history.db")
                + ": cannot create its directory (FileAlreadyExistsException: "), err.toString());
        assertTrue(err.toString().endsWith("(the run's results are written and its exit code is unchanged)"
                + System.lineSeparator()), err.toString());
    }
}
