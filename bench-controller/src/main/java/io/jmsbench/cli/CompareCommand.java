package io.jmsbench.cli;

import io.jmsbench.history.gate.HistoryGate;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.regression.ComparisonFormat;
import io.jmsbench.regression.Comparer;
import io.jmsbench.regression.FingerprintPart;
import io.jmsbench.regression.GateRules;
import io.jmsbench.regression.RunComparison;
import io.jmsbench.regression.RunFingerprint;
import io.jmsbench.report.AtomicFiles;
import io.jmsbench.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare two runs of one scenario point by point, and fail a CI gate on a regression.",
                "Points are matched by their parameters. Each rate and latency is called faster, slower or no "
                + "change beyond the noise: with intervals on both sides, a change is one only when the 95%% "
                + "intervals are apart; without them, the threshold alone decides, and the output says so.",
                "The scenario's claims (expect:) are shown with both runs' verdicts, and the cost model with its "
                + "95%% intervals.",
                "Exit code 4 when a point is slower beyond both its threshold and the noise, or a claim that held "
                + "in base is contradicted in new (and, with --require-valid, when a point is not valid on both "
                + "sides or on one side only); exit code 6 when no point regressed but one fell beyond its "
                + "threshold while other work took the host's cores, or a claim that held is now inconclusive; "
                + "exit code 2 for runs that differ in scenario, broker, provider, clients, JVM or cores, unless "
                + "--allow-different names what may differ.",
                "With --history, NEW is judged against the distribution of its last comparable runs in the history "
                + "(same fingerprint, completed, not beside other work): a fall is a regression when below the "
                + "history's 95%% prediction bound and beyond the threshold; the output says N and the bound. With "
                + "fewer than " + HistoryGate.MIN_RUNS + " such runs, it says so and the pairwise rule decides, "
                + "against BASE or --baseline when given, else against the newest comparable run."},
        footer = {"", "Example: ./jmsbench compare results/ci-smoke/20261124T001129Z results/ci-smoke/20261124T001154Z",
                "         ./jmsbench compare --history results/history.db results/ci-smoke/20261124T001154Z"})
final class CompareCommand implements Callable<Integer> {

    private static final Pattern PERCENT = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,6})?)\\s*%?");
    private static final String OFF = "off";

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN", arity = "1..2",
            description = "BASE and NEW: run directories or their report.json; NEW alone with --baseline or --history.")
    List<Path> runs;

    @Option(names = "--baseline", paramLabel = "DIR",
            description = "Compare NEW with the baseline of its scenario kept in DIR (see jmsbench baseline).")
    Path baseline;

    @Option(names = "--max-regression", paramLabel = "PERCENT|off", defaultValue = "5%",
            description = "How far a rate (received, dispatched, overall) may fall before the gate fails "
                    + "(default: ${DEFAULT-VALUE}).")
    String maxRegression;

    @Option(names = "--max-latency-regression", paramLabel = "PERCENT|off", defaultValue = "10%",
            description = "How far p99 latency may rise before the gate fails (default: ${DEFAULT-VALUE}).")
    String maxLatencyRegression;

    @Option(names = "--require-valid",
            description = "Also fail (exit code 4) when a point is not valid on both sides, is on one side only, "
                    + "or a run was aborted.")
    boolean requireValid;

    @Option(names = "--allow-different", paramLabel = "PART", split = ",",
            description = "Compare although the runs differ in these: scenario, broker, provider, clients, jvm, cores.")
    List<String> allowDifferent = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "What to print: text, markdown, json, github-benchmark (rates, for github-action-benchmark's "
                    + "customBiggerIsBetter), github-benchmark-latency (customSmallerIsBetter) or junit "
                    + "(default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--output", paramLabel = "FORMAT=FILE",
            description = "Also write FORMAT to FILE; repeatable, e.g. --output markdown=comment.md --output junit=gate.xml.")
    Map<String, Path> outputs = new LinkedHashMap<>();

    @Mixin
    HistoryOptions history;

    @Option(names = "--history-runs", paramLabel = "N", defaultValue = "" + HistoryGate.DEFAULT_WINDOW,
            description = "With --history: judge NEW by the last N comparable runs at most (default: ${DEFAULT-VALUE}; "
                    + HistoryGate.MIN_RUNS + " at least, else the pairwise rule decides).")
    int historyRuns;

    @Option(names = "--history-lineage", paramLabel = "ID",
            description = "With --history: judge NEW by the runs of this fingerprint (as history show lists them) "
                    + "instead of its own, e.g. a run with a setting changed against the runs without it.")
    String historyLineage;

    @Override
    public Integer call() {
        try {
            return compare();
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench compare: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    private int compare() throws BadInput {
        GateRules rules = new GateRules(fraction("--max-regression", maxRegression),
                fraction("--max-latency-regression", maxLatencyRegression), requireValid);
        ComparisonFormat printed = format(format, "--format");
        Map<ComparisonFormat, Path> written = new LinkedHashMap<>();
        for (Map.Entry<String, Path> o : outputs.entrySet()) {
            written.put(format(o.getKey(), "--output"), o.getValue());
            PathOptions.outputFile("--output", o.getValue(), false);
        }
        String note = null;
        if (history.history != null || history.historyPassword != null) {
            HistoryLocation location = history.location(HistoryCommand.DEFAULT);
            if (location != null) {
                Object decided = HistoryCompare.decide(location, runs, baseline, rules, historyRuns, historyLineage,
                        printed, written, spec.commandLine().getOut());
                if (decided instanceof Integer exit) {
                    return exit;
                }
                note = (String) decided;
            }
        }
        List<FingerprintPart> allowed = new ArrayList<>();
        for (String part : allowDifferent) {
            allowed.add(Arrays.stream(FingerprintPart.values()).filter(p -> p.option().equals(part.strip()))
                    .findFirst().orElseThrow(() -> new BadInput("--allow-different: expected parts among "
                            + Arrays.stream(FingerprintPart.values()).map(FingerprintPart::option)
                            .collect(Collectors.joining(", ")) + ", found '" + part + "'")));
        }
        Report next;
        Report base;
        if (baseline != null) {
            if (runs.size() != 1) {
                throw new BadInput("with --baseline, expected one run (NEW), found " + runs.size());
            }
            if (!Files.isDirectory(baseline)) {
                throw new BadInput("--baseline " + baseline + ": no such directory");
            }
            next = ReportFile.read(ReportFile.file(runs.get(0)));
            Path file = Baselines.report(baseline, Baselines.scenarioOf(next));
            if (!Files.isRegularFile(file)) {
                throw new BadInput("--baseline " + baseline + ": no baseline for scenario " + Baselines.scenarioOf(next)
                        + " (keep one with: ./jmsbench baseline save RUN --dir " + baseline + ")");
            }
            base = ReportFile.read(file);
        } else {
            if (runs.size() != 2) {
                throw new BadInput("expected two runs, BASE and NEW (or NEW with --baseline DIR), found " + runs.size());
            }
            base = ReportFile.read(ReportFile.file(runs.get(0)));
            next = ReportFile.read(ReportFile.file(runs.get(1)));
        }
        RunFingerprint baseFingerprint = RunFingerprint.of(base);
        RunFingerprint nextFingerprint = RunFingerprint.of(next);
        List<FingerprintPart> differ = baseFingerprint.differences(nextFingerprint);
        List<FingerprintPart> refused = differ.stream().filter(p -> !allowed.contains(p)).toList();
        if (!refused.isEmpty()) {
            throw new BadInput("the runs differ in " + refused.stream().map(p -> p.option() + " (base "
                    + baseFingerprint.value(p) + ", new " + nextFingerprint.value(p) + ")")
                    .collect(Collectors.joining(" and ")) + ", so a change would not be the one you made; to compare "
                    + "them anyway, add --allow-different " + refused.stream().map(FingerprintPart::option)
                    .collect(Collectors.joining(",")));
        }
        RunComparison comparison = Comparer.compare(base, next, rules, differ);
        for (Map.Entry<ComparisonFormat, Path> w : written.entrySet()) {
            try {
                AtomicFiles.write(w.getValue(), noted(note, w.getKey(), w.getKey().render(comparison)));
            } catch (IOException e) {
                throw new BadInput("--output " + w.getKey().option() + "=" + w.getValue() + ": cannot write: "
                        + e.getMessage());
            }
        }
        spec.commandLine().getOut().print(noted(note, printed, printed.render(comparison)));
        spec.commandLine().getOut().flush();
        return switch (comparison.outcome()) {
            case PASSED -> ExitCodes.OK;
            case FAILED -> ExitCodes.REGRESSION;
            case INCONCLUSIVE -> ExitCodes.INCONCLUSIVE;
        };
    }

    /** The comparison after the history's note, in the formats a note reads well in. */
    private static String noted(String note, ComparisonFormat format, String rendered) {
        if (note == null || format != ComparisonFormat.TEXT && format != ComparisonFormat.MARKDOWN) {
            return rendered;
        }
        return (format == ComparisonFormat.MARKDOWN ? "> " : "") + note + "\n" + (format == ComparisonFormat.MARKDOWN
                ? "\n" : "") + rendered;
    }

    private static ComparisonFormat format(String name, String option) throws BadInput {
        ComparisonFormat f = ComparisonFormat.named(name);
        if (f == null) {
            throw new BadInput(option + ": expected one of " + ComparisonFormat.names() + ", found '" + name + "'");
        }
        return f;
    }

    /** {@code 5%} or {@code 5} as 0.05; {@code off} as NaN. */
    private static double fraction(String option, String value) throws BadInput {
        if (OFF.equals(value.strip().toLowerCase(Locale.ROOT))) {
            return Double.NaN;
        }
        Matcher m = PERCENT.matcher(value.strip());
        if (!m.matches() || Double.parseDouble(m.group(1)) > 100) {
            throw new BadInput(option + ": expected a percentage from 0% to 100% (e.g. 5%) or off, found '" + value
                    + "'");
        }
        return Double.parseDouble(m.group(1)) / 100;
    }
}
