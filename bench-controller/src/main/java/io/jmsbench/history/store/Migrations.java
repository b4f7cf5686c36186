package io.jmsbench.history.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/**
 * The history's schema, one numbered step at a time, in the code: a database records in
 * {@code schema_version} the steps it has, and opening it applies the missing ones in order, in one
 * transaction. A step, once released, never changes: a new need is a new step. The SQL is the part
 * SQLite and PostgreSQL share, so one list serves both.
 */
final class Migrations {

    record Migration(int version, String description, List<String> statements) {
    }

    static final List<Migration> ALL = List.of(
            new Migration(1, "runs, their points, and each point's figures", List.of(
                    "CREATE TABLE runs (run_key TEXT PRIMARY KEY, scenario TEXT NOT NULL, run_id TEXT NOT NULL, "
                            + "started_at TEXT NOT NULL, status TEXT NOT NULL, fingerprint TEXT NOT NULL, "
                            + "fingerprint_text TEXT NOT NULL, commit_sha TEXT, version TEXT, source TEXT, "
                            + "recorded_at TEXT NOT NULL)",
                    "CREATE TABLE points (run_key TEXT NOT NULL REFERENCES runs (run_key), point_key TEXT NOT NULL, "
                            + "repeats INTEGER NOT NULL, verdict TEXT NOT NULL, findings TEXT NOT NULL, "
                            + "PRIMARY KEY (run_key, point_key))",
                    "CREATE TABLE figures (run_key TEXT NOT NULL, point_key TEXT NOT NULL, metric TEXT NOT NULL, "
                            + "value DOUBLE PRECISION NOT NULL, half_width DOUBLE PRECISION, basis TEXT NOT NULL, "
                            + "PRIMARY KEY (run_key, point_key, metric), "
                            + "FOREIGN KEY (run_key, point_key) REFERENCES points (run_key, point_key))")),
            new Migration(2, "a scenario's runs by fingerprint and time", List.of(
                    "CREATE INDEX runs_by_scenario ON runs (scenario, fingerprint, started_at)")));

    /** Any number that no PostgreSQL client of ours uses for anything else: the lock two migrations share. */
    private static final long POSTGRES_LOCK = 0x6a6d7362656e6368L;

    private Migrations() {
    }

    static int latest() {
        return ALL.get(ALL.size() - 1).version();
    }

    /**
     * Brings {@code c} to the latest version; two processes opening a new history at once apply each
     * step once (SQLite: the transaction takes the write lock at its start; PostgreSQL: an advisory lock).
     * A database with tables but no {@code schema_version} is someone else's and refused, so is one a
     * newer jmsbench wrote.
     */
    static void apply(Connection c, boolean postgres, String name) throws SQLException, HistoryProblem {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            if (postgres) {
                s.execute("SELECT pg_advisory_xact_lock(" + POSTGRES_LOCK + ")");
            }
            String schema = postgres ? c.getSchema() : null;
            if (!hasTable(c, schema, "schema_version") && hasTable(c, schema, "%")) {
                throw new HistoryProblem(name + ": a database that is not a jmsbench history (it has tables but no "
                        + "schema_version); give another --history");
            }
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                    + "description TEXT NOT NULL, applied_at TEXT NOT NULL)");
            int current;
            try (ResultSet r = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
                current = r.next() ? r.getInt(1) : 0;
            }
            if (current > latest()) {
                throw new HistoryProblem(name + ": written by a newer jmsbench (schema version " + current
                        + "; this one knows up to " + latest() + ")");
            }
            for (Migration m : ALL) {
                if (m.version() > current) {
                    for (String sql : m.statements()) {
                        s.execute(sql);
                    }
                    try (var insert = c.prepareStatement(
                            "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)")) {
                        insert.setInt(1, m.version());
                        insert.setString(2, m.description());
                        insert.setString(3, Instant.now().toString());
                        insert.executeUpdate();
                    }
                }
            }
            c.commit();
        } catch (SQLException | HistoryProblem | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /**
     * Whether a table matching {@code pattern} is in {@code schema} (null: SQLite's one namespace). On
     * PostgreSQL the schema is the connection's current one, where the steps create their tables: a
     * server shared with others may hold a table of the same name in another schema, which is not ours.
     */
    private static boolean hasTable(Connection c, String schema, String pattern) throws SQLException {
        try (ResultSet r = c.getMetaData().getTables(null, schema, pattern, new String[] {"TABLE"})) {
            return r.next();
        }
    }
}
