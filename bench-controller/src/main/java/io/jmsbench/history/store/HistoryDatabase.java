package io.jmsbench.history.store;

import io.jmsbench.report.Measure;
import io.jmsbench.scenario.SecretReference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;

/**
 * An open history, migrated to the latest schema: runs are recorded here and read through
 * {@link #queries}. SQLite waits up to {@link #BUSY_MILLIS} for another process's write (two runs
 * recording at once both land) and takes its write lock when a transaction starts, not midway.
 * Every failure is a {@link HistoryProblem} naming the database, never its password.
 */
public final class HistoryDatabase implements AutoCloseable {

    static final int BUSY_MILLIS = 30_000;
    private static final int CONNECT_SECONDS = 10;
    private static final String SQLITE_NOT_A_DATABASE = "SQLITE_NOTADB";
    private static final String SQLITE_CORRUPT = "SQLITE_CORRUPT";

    private final HistoryLocation location;
    private final Connection connection;

    private HistoryDatabase(HistoryLocation location, Connection connection) {
        this.location = location;
        this.connection = connection;
    }

    /** Opens (a SQLite file: creates) the history and applies the schema steps it lacks. */
    public static HistoryDatabase open(HistoryLocation location, Map<String, String> env) throws HistoryProblem {
        Connection c = location.postgres() ? postgres(location, env) : sqlite(location.file());
        try {
            Migrations.apply(c, location.postgres(), location.describe());
            return new HistoryDatabase(location, c);
        } catch (SQLException e) {
            close(c);
            throw problem(location, "cannot be read or written", e);
        } catch (HistoryProblem | RuntimeException e) {
            close(c);
            throw e;
        }
    }

    public HistoryLocation location() {
        return location;
    }

    public HistoryQueries queries() {
        return new HistoryQueries(connection, location);
    }

    /**
     * Records a run and its points in one transaction; false, and nothing written, when the history
     * already holds that run (its {@link RunRecord#runKey}).
     */
    public boolean record(RunRecords.Recorded recorded) throws HistoryProblem {
        RunRecord run = recorded.run();
        try {
            connection.setAutoCommit(false);
            try {
                if (!insertRun(run)) {
                    connection.rollback();
                    return false;
                }
                for (PointRecord p : recorded.points()) {
                    insertPoint(run.runKey(), p);
                }
                connection.commit();
                return true;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw problem(location, "cannot record run " + run.runId(), e);
        }
    }

    private boolean insertRun(RunRecord run) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO runs (run_key, scenario, run_id, started_at, "
                + "status, fingerprint, fingerprint_text, commit_sha, version, source, recorded_at) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_key) DO NOTHING")) {
            String[] values = {run.runKey(), run.scenario(), run.runId(), run.startedAt(), run.status(),
                    run.fingerprint(), run.fingerprintText(), run.commit(), run.version(), run.source(),
                    Instant.now().toString()};
            for (int i = 0; i < values.length; i++) {
                s.setString(i + 1, values[i]);
            }
            return s.executeUpdate() == 1;
        }
    }

    private void insertPoint(String runKey, PointRecord p) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO points (run_key, point_key, repeats, "
                + "verdict, findings) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, runKey);
            s.setString(2, p.pointKey());
            s.setInt(3, p.repeats());
            s.setString(4, p.verdict());
            s.setString(5, String.join(",", p.findings()));
            s.executeUpdate();
        }
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO figures (run_key, point_key, metric, value, "
                + "half_width, basis) VALUES (?, ?, ?, ?, ?, ?)")) {
            for (Map.Entry<HistoryMetric, Measure> f : p.figures().entrySet()) {
                s.setString(1, runKey);
                s.setString(2, p.pointKey());
                s.setString(3, f.getKey().column());
                s.setDouble(4, f.getValue().value());
                if (f.getValue().hasInterval()) {
                    s.setDouble(5, f.getValue().halfWidth());
                } else {
                    s.setNull(5, java.sql.Types.DOUBLE);
                }
                s.setString(6, f.getValue().basis().name());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    @Override
    public void close() {
        close(connection);
    }

    private static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing is all that was left to do; nothing is lost
        }
    }

    private static Connection sqlite(Path file) throws HistoryProblem {
        if (Files.isDirectory(file)) {
            throw new HistoryProblem(file + ": a directory, not a history file; give a file such as " + file
                    .resolve(HistoryLocation.DEFAULT_FILE));
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new HistoryProblem(file + ": cannot create its directory (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
        Properties p = new Properties();
        p.setProperty("busy_timeout", String.valueOf(BUSY_MILLIS));
        p.setProperty("transaction_mode", "IMMEDIATE");
        p.setProperty("foreign_keys", "true");
        HistoryLocation location = new HistoryLocation(file, null, null);
        try {
            Connection c = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, p);
            try (Statement s = c.createStatement()) {
                s.executeQuery("SELECT COUNT(*) FROM sqlite_master").close(); // a file that is no database fails here
            } catch (SQLException e) {
                close(c);
                throw e;
            }
            return c;
        } catch (SQLException e) {
            throw problem(location, "cannot be opened", e);
        }
    }

    private static Connection postgres(HistoryLocation location, Map<String, String> env) throws HistoryProblem {
        Properties p = new Properties();
        p.setProperty("connectTimeout", String.valueOf(CONNECT_SECONDS));
        p.setProperty("loginTimeout", String.valueOf(CONNECT_SECONDS));
        try {
            String password = location.passwordReference() != null
                    ? SecretReference.resolve("--history-password", location.passwordReference(), env)
                    : env.get(HistoryLocation.PASSWORD_ENV);
            if (password != null) {
                p.setProperty("password", password);
            }
        } catch (SecretReference.Unresolved e) {
            throw new HistoryProblem(e.getMessage());
        }
        try {
            Connection c = new org.postgresql.Driver().connect(location.url(), p);
            if (c == null) {
                throw new HistoryProblem(location.describe() + ": not a PostgreSQL URL the driver accepts");
            }
            return c;
        } catch (SQLException e) {
            throw problem(location, "cannot be reached", e);
        }
    }

    /** One sentence: the database, what failed, and the driver's own words on one line. */
    static HistoryProblem problem(HistoryLocation location, String what, SQLException e) {
        String words = String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip();
        if (!location.postgres() && (words.contains(SQLITE_NOT_A_DATABASE) || words.contains(SQLITE_CORRUPT))) {
            return new HistoryProblem(location.describe() + ": not a SQLite database, or a damaged one (" + words
                    + "): refused; move it away or give another --history");
        }
        return new HistoryProblem(location.describe() + ": " + what + ": " + words);
    }
}
