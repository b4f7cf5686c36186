package io.jmsbench.it;

import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.store.RunRecords;
import io.jmsbench.history.store.Runs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history in a real PostgreSQL server (Debian's package, a cluster of the test's own on a port of
 * its own): the schema steps applied, a run recorded once and read back whole, the password taken from
 * a reference and never printed, a server that cannot be reached said in one sentence; and the CLI's
 * import and show against it.
 */
@Timeout(180)
@SharesTheMachine
class HistoryPostgresIT {

    private static final Map<String, String> ENV = Map.of("HISTORY_PW", PostgresCluster.PASSWORD);
    private static PostgresCluster cluster;

    @TempDir
    Path work;

    @BeforeAll
    static void startCluster() throws Exception {
        StringBuilder whyNot = new StringBuilder();
        Optional<Path> bin = PostgresCluster.binaries(whyNot);
        Skip.unless(bin.isPresent(), () -> "HistoryPostgresIT skipped: " + whyNot);
        long start = System.nanoTime();
        cluster = PostgresCluster.start(bin.get());
        System.out.printf("HistoryPostgresIT: PostgreSQL from %s on port %d, started in %.1f s%n", bin.get(),
                cluster.port(), (System.nanoTime() - start) / 1e9);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static HistoryLocation location(String url) throws HistoryProblem {
        return HistoryLocation.parse("--history", url, "env:HISTORY_PW");
    }

    @Test
    void aRunIsRecordedOnceAndReadBackFromTheServer() throws Exception {
        RunRecords.Recorded first = RunRecords.of(Runs.report(1, 100_000), "abc1234", "results/ci-smoke/1");
        String url = cluster.createDatabase("recorded_once");
        try (HistoryDatabase db = HistoryDatabase.open(location(url), ENV)) {
            assertTrue(db.record(first));
            assertFalse(db.record(first), "the same run again");
            assertTrue(db.record(RunRecords.of(Runs.report(2, 95_000), "def5678", "results/ci-smoke/2")));
            List<HistoryEntry> series = db.queries().series("ci-smoke", first.run().fingerprint(), "ci-smoke");
            assertEquals(2, series.size());
            assertEquals(first.run(), series.get(0).run());
            assertEquals(first.points(), List.of(series.get(0).point()));
            assertEquals(95_000, series.get(1).point().figure(HistoryMetric.RECEIVED).value());
        }
        try (HistoryDatabase again = HistoryDatabase.open(location(url), ENV)) {
            assertEquals(2, again.queries().lineages("ci-smoke").get(0).runs(), "opened again: nothing migrated twice");
        }
    }

    /** A shared server: someone else's history in another schema does not make our schema's foreign tables ours. */
    @Test
    void aHistoryInAnotherSchemaDoesNotHideForeignTablesInOurs() throws Exception {
        String url = cluster.createDatabase("shared_other_history");
        cluster.execute(url, "CREATE SCHEMA other", "CREATE TABLE other.schema_version (version INTEGER PRIMARY KEY)",
                "CREATE TABLE public.customers (id INTEGER PRIMARY KEY)");
        HistoryProblem p = assertThrows(HistoryProblem.class, () -> HistoryDatabase.open(location(url), ENV).close());
        assertTrue(p.getMessage().endsWith("a database that is not a jmsbench history (it has tables but no "
                + "schema_version); give another --history"), p.getMessage());
    }

    /** A shared server: a history in a schema of its own (currentSchema), beside others' tables in public. */
    @Test
    void aHistoryIsCreatedInItsOwnSchemaBesideOthersTables() throws Exception {
        String url = cluster.createDatabase("shared_own_schema");
        cluster.execute(url, "CREATE SCHEMA bench", "CREATE TABLE public.customers (id INTEGER PRIMARY KEY)");
        String own = url + "&currentSchema=bench";
        try (HistoryDatabase db = HistoryDatabase.open(location(own), ENV)) {
            assertTrue(db.record(RunRecords.of(Runs.report(1, 100_000), "abc1234", "results/ci-smoke/1")));
        }
        try (HistoryDatabase again = HistoryDatabase.open(location(own), ENV)) {
            assertEquals(1, again.queries().lineages("ci-smoke").get(0).runs());
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutPrintingIt() {
        HistoryProblem p = assertThrows(HistoryProblem.class, () -> HistoryDatabase.open(location(cluster.url()),
                Map.of("HISTORY_PW", "wrong-password-77")));
        System.out.println("HistoryPostgresIT: " + p.getMessage());
        assertTrue(p.getMessage().startsWith(cluster.url() + ": cannot be reached: "), p.getMessage());
        assertFalse(p.getMessage().contains("wrong-password-77"), p.getMessage());
    }

    @Test
    void aServerThatDoesNotAnswerIsOneSentence() throws Exception {
        String closed = "jdbc:postgresql://127.0.0.1:1/postgres?user=bench";
        HistoryProblem p = assertThrows(HistoryProblem.class, () -> HistoryDatabase.open(
                HistoryLocation.parse("--history", closed, "env:HISTORY_PW"), ENV));
        assertTrue(p.getMessage().startsWith(closed + ": cannot be reached: "), p.getMessage());
        assertFalse(p.getMessage().contains("\n"), p.getMessage());
    }

    /** The CLI against the server: import a results tree, then show its trend; the password in no output. */
    @Test
    void theCliImportsAndShowsThroughTheServer() throws Exception {
        Path results = work.resolve("results");
        for (int n = 10; n < 13; n++) {
            Path run = Files.createDirectories(results.resolve("ci-smoke").resolve("run" + n));
            Files.writeString(run.resolve("report.json"), Runs.tree(n, 100_000 + n).toString());
        }
        Map<String, String> env = Map.of("JMSBENCH_HISTORY_PASSWORD", PostgresCluster.PASSWORD);
        String url = cluster.createDatabase("through_the_cli");
        Jmsbench.Result imported = Jmsbench.start(work, env, "history", "import", results.toString(), "--history",
                url).await(Duration.ofSeconds(60));
        assertEquals(0, imported.exit(), imported.stdout() + imported.stderr());
        assertTrue(imported.stdout().contains("3 recorded, 0 already in the history"), imported.stdout());
        Jmsbench.Result shown = Jmsbench.start(work, env, "history", "show", "ci-smoke", "--history", url)
                .await(Duration.ofSeconds(60));
        assertEquals(0, shown.exit(), shown.stdout() + shown.stderr());
        System.out.println(shown.stdout());
        assertTrue(shown.stdout().contains("20261124T0012Z"), shown.stdout());
        for (String output : List.of(imported.stdout(), imported.stderr(), shown.stdout(), shown.stderr())) {
            assertFalse(output.contains(PostgresCluster.PASSWORD), output);
        }
    }
}
