package io.jmsbench.history.store;

import io.jmsbench.regression.Comparer;
import io.jmsbench.regression.FingerprintPart;
import io.jmsbench.regression.RunFingerprint;
import io.jmsbench.report.Measure;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Rate;
import io.jmsbench.report.Report;
import io.jmsbench.report.Stat;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.Verdict;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** A report as the history keeps it: the run, and one record per point over its repeats. */
public final class RunRecords {

    /** Start times as fixed-width UTC text, so the database orders them as time orders them. */
    private static final DateTimeFormatter STARTED = DateTimeFormatter
            .ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private RunRecords() {
    }

    /** A run and its points, ready to write. */
    public record Recorded(RunRecord run, List<PointRecord> points) {
    }

    /**
     * The records of {@code report}; {@code commit} as given (an option, {@code GITHUB_SHA}) or null;
     * {@code source} where the report was read from or written to.
     */
    public static Recorded of(Report report, String commit, String source) {
        String scenario = report.scenario() == null ? "?" : report.scenario().name();
        String startedAt = started(report.startedAt());
        String text = fingerprintText(report);
        RunRecord run = new RunRecord(runKey(scenario, report.runId(), startedAt), scenario, report.runId(), startedAt,
                report.status(), fingerprint(text), text, commit == null || commit.isBlank() ? null : commit.strip(),
                report.environment() == null ? null : report.environment().jmsbench(), source);
        Map<Map<String, Object>, List<PointResult>> byParameters = new LinkedHashMap<>();
        for (PointResult p : report.points()) {
            byParameters.computeIfAbsent(p.key().parameters(), k -> new ArrayList<>()).add(p);
        }
        List<PointRecord> points = new ArrayList<>();
        byParameters.forEach((parameters, repeats) -> points.add(point(Comparer.label(scenario, parameters), repeats)));
        return new Recorded(run, points);
    }

    /** The natural key: a run is the same run when its scenario, id and start time are. */
    public static String runKey(String scenario, String runId, String startedAt) {
        return scenario + "/" + runId + "@" + startedAt;
    }

    /**
     * What {@code compare} requires two runs to share ({@link RunFingerprint}), part by part, and the
     * overrides: {@code compare} shows them on both sides, but a history must not mix their figures.
     */
    static String fingerprintText(Report report) {
        RunFingerprint f = RunFingerprint.of(report);
        StringBuilder text = new StringBuilder();
        for (FingerprintPart part : FingerprintPart.values()) {
            text.append(part.option()).append(' ').append(f.value(part)).append("; ");
        }
        List<String> overrides = report.overrides() == null ? List.of() : report.overrides();
        return text.append("overrides ").append(overrides.isEmpty() ? "none" : String.join(", ", overrides)).toString();
    }

    static String fingerprint(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static String started(String startedAt) {
        try {
            return STARTED.format(Instant.parse(startedAt));
        } catch (DateTimeParseException | NullPointerException e) {
            return String.valueOf(startedAt);
        }
    }

    private static PointRecord point(String key, List<PointResult> repeats) {
        Verdict worst = Verdict.VALID;
        LinkedHashSet<String> codes = new LinkedHashSet<>();
        for (PointResult r : repeats) {
            Verdict v = r.judgement().verdict() != null ? r.judgement().verdict()
                    : r.judgement().valid() ? Verdict.VALID : Verdict.INVALID;
            if (v == Verdict.INVALID || worst == Verdict.VALID) {
                worst = v;
            }
            r.judgement().findings().stream().map(Finding::code).map(Enum::name).forEach(codes::add);
        }
        Map<HistoryMetric, Measure> figures = new EnumMap<>(HistoryMetric.class);
        figures.put(HistoryMetric.RECEIVED, Rate.RECEIVED.over(repeats));
        figures.put(HistoryMetric.DISPATCHED, Rate.DISPATCHED.over(repeats));
        figures.put(HistoryMetric.OVERALL, Rate.OVERALL.over(repeats));
        List<PointResult> latencies = repeats.stream().filter(r -> r.delivery().latency() != null
                && r.delivery().latency().count() > 0).toList();
        figures.put(HistoryMetric.P50, overRepeats(latencies, r -> r.delivery().latency().p50()));
        figures.put(HistoryMetric.P99, overRepeats(latencies, r -> r.delivery().latency().p99()));
        figures.put(HistoryMetric.P999, overRepeats(latencies, r -> r.delivery().latency().p999()));
        figures.put(HistoryMetric.BROKER_CPU, overRepeats(repeats.stream().filter(r -> r.resources() != null
                && r.resources().cpu() != null).toList(), r -> r.resources().cpu().brokerCores()));
        figures.values().removeIf(m -> !m.measured());
        return new PointRecord(key, repeats.size(), worst.json(), new ArrayList<>(codes), figures);
    }

    /** The mean over the repeats with Student t's interval; one repeat's figure without one. */
    private static Measure overRepeats(List<PointResult> repeats, ToDoubleFunction<PointResult> value) {
        if (repeats.isEmpty()) {
            return Measure.NOT_MEASURED;
        }
        Stat stat = Stat.of(repeats.stream().map(value::applyAsDouble).toList());
        return new Measure(stat.mean(), stat.ci95(), Double.isNaN(stat.ci95()) ? Measure.Basis.NONE
                : Measure.Basis.REPEATS);
    }
}
