package io.jmsbench.cli;

import io.jmsbench.history.gate.HistoryComparison;
import io.jmsbench.history.gate.HistoryGate;
import io.jmsbench.history.gate.HistoryGateText;
import io.jmsbench.history.gate.PairwiseFallback;
import io.jmsbench.history.gate.PointGate;
import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.store.HistoryQueries;
import io.jmsbench.history.store.Lineage;
import io.jmsbench.history.store.PointRecord;
import io.jmsbench.history.store.RunRecords;
import io.jmsbench.regression.ComparisonFormat;
import io.jmsbench.regression.GateRules;
import io.jmsbench.regression.RunComparison;
import io.jmsbench.report.AtomicFiles;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code compare --history}: the new run against the distribution of its comparable runs in the
 * history ({@link HistoryGate}). When a point has fewer than {@link HistoryGate#MIN_RUNS} of them, the
 * pairwise rule decides the whole run, as compare without a history would: against BASE or the
 * baseline when one was given, else against the newest comparable run in the history.
 */
final class HistoryCompare {

    /** Either the gate's comparison, or why the pairwise rule decides and against which history run (if any). */
    record Judged(HistoryComparison comparison, String fallback, List<HistoryEntry> newest, List<PointRecord> next,
                  List<String> latencyGated) {
    }

    private HistoryCompare() {
    }

    /**
     * {@code lineage}: the fingerprint (or its first characters) of the runs to judge NEW by, when not
     * NEW's own: a run with a changed setting against the runs without it, said in the output.
     */
    static Judged judge(HistoryLocation location, Path newRun, GateRules rules, int window, String lineage,
                        Map<String, String> env) throws BadInput, HistoryProblem {
        if (!location.postgres() && !Files.exists(location.file())) {
            return new Judged(null, "no history at " + location.describe() + " yet", List.of(), List.of(), List.of());
        }
        Report next = ReportFile.read(ReportFile.file(newRun));
        RunRecords.Recorded recorded = RunRecords.of(next, null, newRun.toString());
        List<PointGate> points = new ArrayList<>();
        List<HistoryEntry> newest = new ArrayList<>();
        List<String> latencyGated = new ArrayList<>();
        List<Lineage> others;
        Lineage against;
        try (HistoryDatabase db = HistoryDatabase.open(location, env)) {
            HistoryQueries q = db.queries();
            List<Lineage> all = q.lineages(recorded.run().scenario());
            Lineage chosen = lineage == null ? new Lineage(recorded.run().fingerprint(), recorded.run().fingerprintText(),
                    0, null) : all.stream().filter(l -> l.fingerprint().startsWith(lineage)).findFirst().orElse(null);
            if (chosen == null) {
                throw new BadInput("--history-lineage " + lineage + ": no run of " + recorded.run().scenario() + " in "
                        + location.describe() + " has that fingerprint");
            }
            against = chosen;
            others = all.stream().filter(l -> !l.fingerprint().equals(chosen.fingerprint())).toList();
            for (PointRecord p : recorded.points()) {
                List<HistoryEntry> series = q.series(recorded.run().scenario(), chosen.fingerprint(), p.pointKey());
                List<HistoryEntry> sample = HistoryGate.sample(series, recorded.run(), window, rules.requireValid());
                // another fingerprint's runs may have measured latency from another start (saturated, not paced)
                boolean gated = latencyGated(next, p.pointKey()) && chosen.fingerprint().equals(recorded.run().fingerprint());
                if (gated) {
                    latencyGated.add(p.pointKey());
                }
                points.add(HistoryGate.judge(p, sample, rules, gated));
                if (!sample.isEmpty()) {
                    newest.add(sample.get(sample.size() - 1));
                }
            }
        }
        HistoryComparison c = new HistoryComparison(location.describe(), recorded.run(), against, others, rules, window,
                points);
        if (c.enough()) {
            return new Judged(c, null, List.of(), recorded.points(), latencyGated);
        }
        int fewest = points.stream().mapToInt(PointGate::n).min().orElse(0);
        String why = fewest + " comparable run" + (fewest == 1 ? "" : "s") + " of " + recorded.run().scenario()
                + (points.size() > 1 ? " (the point with the fewest)" : "") + " in " + location.describe()
                + ", fewer than the " + HistoryGate.MIN_RUNS + " the history rule needs"
                + (others.isEmpty() ? "" : "; " + others.stream().mapToInt(Lineage::runs).sum()
                + " runs of other fingerprints not counted");
        return new Judged(null, why, newest.size() == points.size() ? newest : List.of(), recorded.points(),
                latencyGated);
    }

    /** Whether the point's latency was measured from the intended send time, the one latency compare gates. */
    private static boolean latencyGated(Report report, String pointKey) {
        String scenario = report.scenario() == null ? "?" : report.scenario().name();
        for (PointResult r : report.points()) {
            if (io.jmsbench.regression.Comparer.label(scenario, r.key().parameters()).equals(pointKey)
                    && r.delivery().latency() != null && r.delivery().latency().count() > 0) {
                String basis = r.delivery().latency().basis();
                return LatencyFigures.INTENDED.equals(basis) || LatencyFigures.INTENDED_PROFILE.equals(basis);
            }
        }
        return false;
    }

    /**
     * {@code --history}: the gate's exit code when the history (or, when too short, its newest comparable
     * run) decided; else the sentence to print before today's pairwise comparison with BASE or the baseline.
     */
    static Object decide(HistoryLocation location, List<Path> runs, Path baseline, GateRules rules, int historyRuns,
                         String lineage, ComparisonFormat printed, Map<ComparisonFormat, Path> written,
                         PrintWriter out) throws BadInput {
        if (historyRuns < HistoryGate.MIN_RUNS) {
            throw new BadInput("--history-runs: expected at least " + HistoryGate.MIN_RUNS + ", found " + historyRuns);
        }
        for (ComparisonFormat f : java.util.stream.Stream.concat(java.util.stream.Stream.of(printed),
                written.keySet().stream()).toList()) {
            if (f != ComparisonFormat.TEXT && f != ComparisonFormat.MARKDOWN) {
                throw new BadInput("--history: expected the text or markdown format, found " + f.option());
            }
        }
        HistoryCompare.Judged j;
        try {
            j = judge(location, runs.get(runs.size() - 1), rules, historyRuns, lineage, System.getenv());
        } catch (HistoryProblem e) {
            throw new BadInput(e.getMessage());
        }
        boolean markdown = printed == ComparisonFormat.MARKDOWN;
        if (j.comparison() == null && (runs.size() == 2 || baseline != null)) {
            return "history: " + j.fallback() + ": the pairwise rule decides, against " + (baseline != null
                    ? "the baseline in " + baseline : "BASE");
        }
        String text;
        RunComparison.Outcome outcome;
        if (j.comparison() != null) {
            text = render(j.comparison(), markdown);
            outcome = j.comparison().outcome();
            for (Map.Entry<ComparisonFormat, Path> w : written.entrySet()) {
                write(w.getValue(), render(j.comparison(), w.getKey() == ComparisonFormat.MARKDOWN));
            }
        } else if (!j.newest().isEmpty()) {
            PairwiseFallback.Result r = PairwiseFallback.of(j.fallback(), j.next(), j.newest(), rules, j.latencyGated(),
                    markdown);
            outcome = r.outcome();
            text = r.text();
            for (Map.Entry<ComparisonFormat, Path> w : written.entrySet()) {
                write(w.getValue(), PairwiseFallback.of(j.fallback(), j.next(), j.newest(), rules, j.latencyGated(),
                        w.getKey() == ComparisonFormat.MARKDOWN).text());
            }
        } else {
            text = "jmsbench compare --history: " + j.fallback() + ", and no comparable run to compare with: nothing "
                    + "to gate against (a first run starts the history)\n";
            outcome = RunComparison.Outcome.PASSED;
            for (Path file : written.values()) {
                write(file, text);
            }
        }
        out.print(text);
        out.flush();
        return switch (outcome) {
            case PASSED -> ExitCodes.OK;
            case FAILED -> ExitCodes.REGRESSION;
            case INCONCLUSIVE -> ExitCodes.INCONCLUSIVE;
        };
    }

    private static void write(Path file, String text) throws BadInput {
        try {
            AtomicFiles.write(file, text);
        } catch (IOException e) {
            throw new BadInput("--output " + file + ": cannot write: " + e.getMessage());
        }
    }

    static String render(HistoryComparison c, boolean markdown) {
        return markdown ? HistoryGateText.markdown(c) : HistoryGateText.text(c);
    }
}
