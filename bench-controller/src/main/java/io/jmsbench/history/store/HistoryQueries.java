package io.jmsbench.history.store;

import io.jmsbench.report.Measure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the history is read for: a scenario's lineages, their points, and one point's series in time order. */
public final class HistoryQueries {

    private final Connection connection;
    private final HistoryLocation location;

    HistoryQueries(Connection connection, HistoryLocation location) {
        this.connection = connection;
        this.location = location;
    }

    /** Every scenario recorded, by name. */
    public List<String> scenarios() throws HistoryProblem {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT DISTINCT scenario FROM runs ORDER BY scenario");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.add(r.getString(1));
            }
            return out;
        } catch (SQLException e) {
            throw HistoryDatabase.problem(location, "cannot be read", e);
        }
    }

    /** The scenario's lineages, the newest first. */
    public List<Lineage> lineages(String scenario) throws HistoryProblem {
        List<Lineage> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT fingerprint, MIN(fingerprint_text), COUNT(*), "
                + "MAX(started_at) FROM runs WHERE scenario = ? GROUP BY fingerprint ORDER BY MAX(started_at) DESC")) {
            s.setString(1, scenario);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new Lineage(r.getString(1), r.getString(2), r.getInt(3), r.getString(4)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw HistoryDatabase.problem(location, "cannot be read", e);
        }
    }

    /** The points the lineage's runs measured, in the order first recorded. */
    public List<String> pointKeys(String scenario, String fingerprint) throws HistoryProblem {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT p.point_key, MIN(r.started_at) FROM points p "
                + "JOIN runs r ON r.run_key = p.run_key WHERE r.scenario = ? AND r.fingerprint = ? "
                + "GROUP BY p.point_key ORDER BY MIN(r.started_at), p.point_key")) {
            s.setString(1, scenario);
            s.setString(2, fingerprint);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw HistoryDatabase.problem(location, "cannot be read", e);
        }
    }

    /** One point of the lineage, run by run, oldest first. */
    public List<HistoryEntry> series(String scenario, String fingerprint, String pointKey) throws HistoryProblem {
        Map<String, RunRecord> runs = new LinkedHashMap<>();
        Map<String, String[]> points = new LinkedHashMap<>();
        Map<String, Map<HistoryMetric, Measure>> figures = new LinkedHashMap<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT r.run_key, r.scenario, r.run_id, r.started_at, "
                + "r.status, r.fingerprint, r.fingerprint_text, r.commit_sha, r.version, r.source, p.repeats, "
                + "p.verdict, p.findings, f.metric, f.value, f.half_width, f.basis FROM runs r "
                + "JOIN points p ON p.run_key = r.run_key "
                + "LEFT JOIN figures f ON f.run_key = p.run_key AND f.point_key = p.point_key "
                + "WHERE r.scenario = ? AND r.fingerprint = ? AND p.point_key = ? ORDER BY r.started_at, r.run_key")) {
            s.setString(1, scenario);
            s.setString(2, fingerprint);
            s.setString(3, pointKey);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String key = r.getString(1);
                    runs.computeIfAbsent(key, k -> run(r));
                    points.putIfAbsent(key, new String[] {r.getString(11), r.getString(12), r.getString(13)});
                    Map<HistoryMetric, Measure> f = figures.computeIfAbsent(key, k -> new EnumMap<>(HistoryMetric.class));
                    HistoryMetric metric = HistoryMetric.ofColumn(r.getString(14));
                    if (metric != null) {
                        double value = r.getDouble(15);
                        double half = r.getDouble(16);
                        f.put(metric, new Measure(value, r.wasNull() ? Double.NaN : half, basis(r.getString(17))));
                    }
                }
            }
        } catch (SQLException | Unreadable e) {
            throw HistoryDatabase.problem(location, "cannot be read", e instanceof Unreadable u ? u.cause
                    : (SQLException) e);
        }
        List<HistoryEntry> out = new ArrayList<>();
        runs.forEach((key, run) -> {
            String[] p = points.get(key);
            List<String> findings = p[2].isEmpty() ? List.of() : Arrays.asList(p[2].split(","));
            out.add(new HistoryEntry(run, new PointRecord(pointKey, Integer.parseInt(p[0]), p[1], findings,
                    figures.get(key))));
        });
        return out;
    }

    private static Measure.Basis basis(String name) {
        try {
            return Measure.Basis.valueOf(name);
        } catch (IllegalArgumentException | NullPointerException e) {
            return Measure.Basis.NONE;
        }
    }

    private static RunRecord run(ResultSet r) {
        try {
            return new RunRecord(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                    r.getString(6), r.getString(7), r.getString(8), r.getString(9), r.getString(10));
        } catch (SQLException e) {
            throw new Unreadable(e);
        }
    }

    /** A column read inside a lambda, carried out of it. */
    private static final class Unreadable extends RuntimeException {
        private final transient SQLException cause;

        Unreadable(SQLException cause) {
            super(cause);
            this.cause = cause;
        }
    }
}
