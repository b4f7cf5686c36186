package io.jmsbench.history.store;

import io.jmsbench.report.Measure;
import io.jmsbench.report.Report;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history in a real SQLite file: written once, read back whole, migrated in order, bad files refused. */
@Timeout(60)
class SqliteHistoryTest {

    @TempDir
    Path dir;

    private HistoryLocation file() {
        return new HistoryLocation(dir.resolve("history.db"), null, null);
    }

    private HistoryDatabase open() throws HistoryProblem {
        return HistoryDatabase.open(file(), Map.of());
    }

    @Test
    void aRunIsRecordedOnceAndReadBackWithItsFigures() throws Exception {
        Report report = Runs.report(1, 100_000);
        RunRecords.Recorded recorded = RunRecords.of(report, "abc1234", "results/ci-smoke/1");
        try (HistoryDatabase db = open()) {
            assertTrue(db.record(recorded));
            assertFalse(db.record(RunRecords.of(report, "abc1234", "elsewhere")), "the same run again");
            List<HistoryEntry> series = db.queries().series("ci-smoke", recorded.run().fingerprint(), "ci-smoke");
            assertEquals(1, series.size());
            HistoryEntry e = series.get(0);
            assertEquals(recorded.run(), e.run());
            assertEquals("invalid", e.point().verdict());
            assertEquals(List.of("NOT_WARMED_UP", "SHARED_HOST", "CPU_RULE_BROKER"), e.point().findings());
            Measure received = e.point().figure(HistoryMetric.RECEIVED);
            assertEquals(100_000, received.value());
            assertEquals(4826.745806216619, received.halfWidth(), 1e-9);
            assertEquals(Measure.Basis.WINDOW, received.basis());
            assertEquals(358088.703, e.point().figure(HistoryMetric.P99).value(), 1e-9);
            assertFalse(e.point().figure(HistoryMetric.P99).hasInterval(), "one run's latency has no interval");
            assertEquals(0.9734528774769923, e.point().figure(HistoryMetric.BROKER_CPU).value(), 1e-12);
            assertEquals(recorded.points(), List.of(e.point()));
        }
    }

    @Test
    void theSchemaStepsAreAppliedInOrderOnceAndANewerHistoryIsRefused() throws Exception {
        open().close();
        open().close();
        String url = "jdbc:sqlite:" + dir.resolve("history.db");
        List<Integer> versions = new ArrayList<>();
        try (var c = DriverManager.getConnection(url);
             ResultSet r = c.createStatement().executeQuery("SELECT version FROM schema_version ORDER BY version")) {
            while (r.next()) {
                versions.add(r.getInt(1));
            }
            assertEquals(List.of(1, 2), versions);
            c.createStatement().execute("INSERT INTO schema_version VALUES (99, 'from the future', 'x')");
        }
        HistoryProblem p = assertThrows(HistoryProblem.class, this::open);
        assertEquals(dir.resolve("history.db") + ": written by a newer jmsbench (schema version 99; this one knows up "
                + "to 2)", p.getMessage());
    }

    @Test
    void aFileThatIsNoDatabaseIsRefusedWithItsPath() throws Exception {
        Files.writeString(dir.resolve("history.db"), "these bytes are no SQLite database, and never were one\n"
                .repeat(100));
        HistoryProblem p = assertThrows(HistoryProblem.class, this::open);
        assertTrue(p.getMessage().startsWith(dir.resolve("history.db") + ": not a SQLite database, or a damaged one ("),
                p.getMessage());
        assertTrue(p.getMessage().endsWith("): refused; move it away or give another --history"), p.getMessage());
    }

    @Test
    void aDatabaseThatIsNotAHistoryIsRefused() throws Exception {
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("history.db"))) {
            c.createStatement().execute("CREATE TABLE accounts (id INTEGER)");
        }
        HistoryProblem p = assertThrows(HistoryProblem.class, this::open);
        assertEquals(dir.resolve("history.db") + ": a database that is not a jmsbench history (it has tables but no "
                + "schema_version); give another --history", p.getMessage());
    }

    @Test
    void aDirectoryIsRefused() {
        HistoryProblem p = assertThrows(HistoryProblem.class,
                () -> HistoryDatabase.open(new HistoryLocation(dir, null, null), Map.of()));
        assertEquals(dir + ": a directory, not a history file; give a file such as " + dir.resolve("history.db"),
                p.getMessage());
    }

    @Test
    void runsWithOtherOverridesAreAnotherLineage() throws Exception {
        Report other = io.jmsbench.protocol.Json.MAPPER.treeToValue(Runs.tree(2, 90_000)
                .put("scenarioFile", "x").set("overrides", io.jmsbench.protocol.Json.MAPPER.createArrayNode()
                        .add("publishers.rate=50000")), Report.class);
        try (HistoryDatabase db = open()) {
            db.record(RunRecords.of(Runs.report(1, 100_000), null, "a"));
            db.record(RunRecords.of(other, null, "b"));
            List<Lineage> lineages = db.queries().lineages("ci-smoke");
            assertEquals(2, lineages.size(), lineages.toString());
            assertTrue(lineages.get(0).fingerprintText().endsWith("overrides publishers.rate=50000"),
                    lineages.toString());
            assertEquals(1, lineages.get(0).runs());
        }
    }

    /** Two processes recording at once: each waits for the other's transaction, and both runs are kept. */
    @Test
    void twoWritersAtOnceAreBothKept() throws Exception {
        open().close();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int first = w * 100;
                writers.add(pool.submit((Callable<Integer>) () -> {
                    int added = 0;
                    for (int n = first; n < first + 10; n++) {
                        try (HistoryDatabase db = open()) {
                            added += db.record(RunRecords.of(Runs.report(n, 100_000 + n), null, "w")) ? 1 : 0;
                        }
                    }
                    return added;
                }));
            }
            assertEquals(10, writers.get(0).get());
            assertEquals(10, writers.get(1).get());
        } finally {
            pool.shutdown();
        }
        try (HistoryDatabase db = open()) {
            assertEquals(20, db.queries().lineages("ci-smoke").get(0).runs());
        }
    }

    @Test
    void aUrlWithAPasswordIsRefusedWithoutRepeatingIt() {
        HistoryProblem p = assertThrows(HistoryProblem.class, () -> HistoryLocation.parse("--history",
                "jdbc:postgresql://db:5432/bench?user=ci&password=hunter2", null));
        assertFalse(p.getMessage().contains("hunter2"), p.getMessage());
        assertEquals("--history: the URL holds a password, which would show in every output; give it with "
                + "--history-password env:NAME or file:PATH, or in JMSBENCH_HISTORY_PASSWORD", p.getMessage());
    }
}
