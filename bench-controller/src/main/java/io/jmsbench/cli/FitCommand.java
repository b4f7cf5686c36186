package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.model.CostModel;
import io.jmsbench.model.Estimate;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.model.PredictedRate;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.AtomicFiles;
import io.jmsbench.report.Figures;
import io.jmsbench.report.FitPoints;
import io.jmsbench.report.ModelRows;
import io.jmsbench.report.PointResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

@Command(name = "fit", mixinStandardHelpOptions = true,
        description = {"Fit the paper's cost model to the points of one or more reports.",
                "The model is B = t_rcv + n_fltr * t_fltr + r * t_tx, fitted by least squares on "
                + "B = 1 / received rate with every parameter >= 0, and printed beside the paper's ActiveMQ 4.0 values.",
                "Given one report, the fit is also stored in it under \"model\" (not with --holdout)."},
        footer = {"", "Example: ./jmsbench fit results/paper-quick-fig8/*/report.json --predict filters=200,r=10",
                "Leave out r above 10 and test the fit on 3 held-out points:",
                "  ./jmsbench fit results/paper-fig8/report.json --max-r 10 --holdout 3 --seed 1"})
final class FitCommand implements Callable<Integer> {

    private static final Pattern PREDICTION = Pattern.compile("filters=(\\d{1,9}),r=(\\d{1,9}(?:\\.\\d+)?)");

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "REPORT", arity = "1..*",
            description = "report.json files, or run directories holding one.")
    List<Path> reports;

    @Option(names = "--include-invalid",
            description = "Fit every point with a positive received rate, valid or not.")
    boolean includeInvalid;

    @Option(names = "--predict", paramLabel = "filters=N,r=X",
            description = "Also print the predicted received and overall rate, e.g. --predict filters=200,r=10.")
    List<String> predictions = new ArrayList<>();

    @Option(names = "--max-r", paramLabel = "X",
            description = "Leave out the points whose measured replication grade exceeds X"
                    + " (the paper left r = 20 and 40 out of its fit).")
    String maxR;

    @Option(names = "--holdout", paramLabel = "K",
            description = "Hold out K points chosen at random, fit the rest, and print how well the fit predicts"
                    + " the held-out ones. The model is then not stored.")
    Integer holdout;

    @Option(names = "--compared", paramLabel = "NAME",
            description = "Fit only the points of the compared set NAME (a scenario's compare: entry, such as one"
                    + " broker of several); a report of several compared sets needs it, one model across them means"
                    + " nothing.")
    String compared;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the random choice of --holdout (default: ${DEFAULT-VALUE}).")
    long seed;

    /** At least this many points must stay in the fit beside the held-out ones. */
    private static final int MIN_FITTED = 4;

    private record Prediction(String text, int filters, double r) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<Prediction> predicts = new ArrayList<>();
            for (String text : predictions) {
                predicts.add(prediction(text));
            }
            Double rLimit = maxR == null ? null : maxR(maxR);
            List<ReportFile.Loaded> loaded = new ArrayList<>();
            for (Path given : reports) {
                loaded.add(ReportFile.load(given));
            }
            checkComparedSets(loaded);
            FitPoints selected = new FitPoints(List.of(), List.of());
            for (int k = 0; k < loaded.size(); k++) {
                selected = selected.plus(FitPoints.of(pointsToFit(loaded.get(k)),
                        loaded.size() == 1 ? "" : "[" + (k + 1) + "] ", includeInvalid));
            }
            if (selected.used().isEmpty()) {
                throw new BadInput(noUsablePoints(loaded, selected.excluded()));
            }
            if (rLimit != null) {
                selected = selected.withMaxR(rLimit, maxR);
                if (selected.used().isEmpty()) {
                    throw new BadInput("no point left to fit: every usable point has a measured r above --max-r "
                            + maxR);
                }
            }
            List<ModelPoint> held = new ArrayList<>();
            if (holdout != null) {
                Set<Integer> positions = holdOut(selected.used().size(), holdout, seed);
                for (int i = 0; i < selected.used().size(); i++) {
                    if (positions.contains(i)) {
                        held.add(selected.used().get(i).point());
                    }
                }
                selected = selected.holdingOut(positions, seed);
            }
            ModelFit fit = CostModel.fit(selected.points()).withWarnings(selected.warnings())
                    .withExcluded(selected.excluded());
            print(out, loaded, selected, fit, predicts);
            if (!held.isEmpty()) {
                printHeldOut(out, held, fit);
                out.println("model not stored: fitted without the " + held.size() + " held-out points"
                        + " (run without --holdout to store the fit on all points)");
            } else if (loaded.size() == 1) {
                ReportFile.Loaded only = loaded.get(0);
                store(only, fit, compared);
                out.println("model stored in " + only.file() + " under " + (compared == null ? "\"model\""
                        : "\"models\", \"" + compared + "\""));
            } else {
                out.println("model not stored: fitted across " + loaded.size()
                        + " reports (give one report to store its fit in it)");
            }
            out.flush();
            return ExitCodes.OK;
        } catch (BadInput e) {
            err.println("jmsbench fit: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** The points of the report to fit: those of the compared set --compared names, or all. */
    private List<PointResult> pointsToFit(ReportFile.Loaded report) {
        List<PointResult> points = report.report().points();
        return compared == null ? points : FitPoints.byComparedSet(points).getOrDefault(compared, List.of());
    }

    /**
     * Refuses to fit one model across compared sets (brokers side by side), and a {@code --compared}
     * name no report has.
     */
    private void checkComparedSets(List<ReportFile.Loaded> loaded) throws BadInput {
        Set<String> sets = new LinkedHashSet<>();
        loaded.forEach(l -> sets.addAll(FitPoints.byComparedSet(l.report().points()).keySet()));
        if (compared != null && !sets.contains(compared)) {
            throw new BadInput("--compared '" + compared + "': expected the name of a compared set of the report"
                    + (sets.isEmpty() ? ", found a report that compares nothing" : " (" + String.join(", ", sets)
                    + "), found none named so"));
        }
        if (compared == null && sets.size() > 1) {
            throw new BadInput("the points come from " + sets.size() + " compared sets (" + String.join(", ", sets)
                    + "): one model across them means nothing; fit each with --compared NAME");
        }
    }

    private static Prediction prediction(String text) throws BadInput {
        Matcher m = PREDICTION.matcher(text);
        if (!m.matches()) {
            throw new BadInput("--predict '" + text + "': expected filters=N,r=X, e.g. filters=200,r=10");
        }
        return new Prediction(text, Integer.parseInt(m.group(1)), Double.parseDouble(m.group(2)));
    }

    /** --max-r: a finite number > 0. */
    private static double maxR(String text) throws BadInput {
        double value;
        try {
            value = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new BadInput("--max-r: expected a finite number > 0, found '" + text + "'");
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new BadInput("--max-r: expected a finite number > 0, found " + text);
        }
        return value;
    }

    /**
     * Which of {@code n} points to hold out: the first {@code k} positions of a shuffle by
     * {@code java.util.Random(seed)}; refused unless 1 <= k and at least {@link #MIN_FITTED} points stay to fit.
     */
    private static Set<Integer> holdOut(int n, int k, long seed) throws BadInput {
        int most = n - MIN_FITTED;
        if (k < 1 || k > most) {
            throw new BadInput(most < 1 ? "--holdout: expected more than " + MIN_FITTED + " usable points to hold any"
                    + " out (" + MIN_FITTED + " must stay to fit), found " + n
                    : "--holdout: expected 1 to " + most + " points (" + MIN_FITTED + " of the " + n
                    + " usable points must stay to fit), found " + k);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(seed));
        return Set.copyOf(order.subList(0, k));
    }

    private static String noUsablePoints(List<ReportFile.Loaded> loaded, List<Excluded> skipped) {
        String where = loaded.size() == 1 ? loaded.get(0).file() + ": no usable points"
                : "no usable points in " + loaded.size() + " reports";
        if (skipped.isEmpty()) {
            return where + ": points[] is empty";
        }
        Excluded first = skipped.get(0);
        boolean invalid = skipped.stream().anyMatch(c -> c.reason() == ExclusionReason.INVALID);
        return where + ": all " + skipped.size() + " skipped (first: " + first.label() + ": " + first.sentence() + ")"
                + (invalid ? "; --include-invalid fits invalid points too" : "");
    }

    private void print(PrintWriter out, List<ReportFile.Loaded> loaded, FitPoints selected, ModelFit fit,
                       List<Prediction> predicts) {
        if (loaded.size() == 1) {
            out.println("jmsbench fit: " + loaded.get(0).file());
        } else {
            out.println("jmsbench fit: " + loaded.size() + " reports");
            for (int k = 0; k < loaded.size(); k++) {
                out.println("  [" + (k + 1) + "] " + loaded.get(k).file());
            }
        }
        ModelRows rows = ModelRows.of(fit);
        out.println("points: " + selected.used().size() + " used, " + rows.excluded().size() + " skipped");
        rows.excluded().forEach(line -> out.println("  skipped " + line));
        for (FitPoints.Used u : selected.used()) {
            if (u.note() != null) {
                out.println("  used " + u.point().label() + ": " + u.note());
            }
        }
        out.println();
        out.println("model: B = t_rcv + n_fltr * t_fltr + r * t_tx; least squares on B = 1 / received rate,"
                + " parameters >= 0");
        out.println(String.format(Locale.ROOT, PARAMETER_ROW, "", "fitted", "± s.e.", "95% interval",
                "paper (ActiveMQ 4.0)", "").stripTrailing());
        for (ModelRows.Parameter p : rows.parameters()) {
            out.println(String.format(Locale.ROOT, PARAMETER_ROW, p.name(), p.value(), p.standardError(), p.interval(),
                    p.paper(), p.remark()).stripTrailing());
        }
        out.println("  R^2 on B  " + (Double.isNaN(fit.rSquared()) ? "n/a"
                : String.format(Locale.ROOT, "%.6f", fit.rSquared())));
        out.println();
        int width = Math.max("point".length(), selected.points().stream().mapToInt(p -> p.label().length()).max()
                .orElse(0));
        String row = "  %-" + width + "s  %7s  %8s  %10s  %10s  %8s%n";
        out.println("residuals (received rate, msgs/s; error = (predicted - measured) / measured):");
        out.printf(Locale.ROOT, row, "point", "filters", "r", "measured", "predicted", "error");
        for (ModelFit.Residual r : fit.residuals()) {
            out.printf(Locale.ROOT, row, r.label(), String.format(Locale.ROOT, "%.0f", r.filters()),
                    Figures.grade(r.replicationGrade()), Figures.rate(r.measuredReceivedRate()),
                    Figures.rate(r.predictedReceivedRate()), percent(r.relativeError()));
        }
        if (Double.isNaN(fit.looMedianRelativeError())) {
            out.println("leave-one-out: n/a (needs at least 4 points)");
        } else {
            out.printf(Locale.ROOT, "leave-one-out (each point predicted from a fit on the others):"
                            + " median error %.2f%%, worst %.2f%%%n", fit.looMedianRelativeError() * 100,
                    fit.looWorstRelativeError() * 100);
        }
        if (fit.warnings().isEmpty()) {
            out.println("warnings: none");
        } else {
            out.println("warnings:");
            fit.warnings().forEach(w -> out.println("  - " + w));
        }
        for (Prediction p : predicts) {
            out.println("predict " + p.text() + ": " + ModelRows.prediction(fit, p.filters(), p.r()));
        }
    }

    /** Signed, two decimals; rounding noise prints as +0.00%, not -0.00%. */
    private static String percent(double fraction) {
        String text = String.format(Locale.ROOT, "%+.2f%%", fraction * 100);
        return "-0.00%".equals(text) ? "+0.00%" : text;
    }

    private static final String PARAMETER_ROW = "  %-7s %10s  %12s  %-22s  %-20s  %s";

    /**
     * The held-out points against the fit on the others: predicted rate, its 95% prediction interval,
     * the error, and whether the measurement lies in the interval; then the median and worst error.
     */
    private void printHeldOut(PrintWriter out, List<ModelPoint> held, ModelFit fit) {
        out.println();
        out.println("held out " + held.size() + " points chosen at random (seed " + seed + "), predicted by the fit"
                + " on the other " + fit.pointsUsed() + " (received rate, msgs/s):");
        int width = Math.max("point".length(), held.stream().mapToInt(p -> p.label().length()).max().orElse(0));
        String row = "  %-" + width + "s  %7s  %8s  %10s  %10s  %-23s  %8s  %s%n";
        out.printf(Locale.ROOT, row, "point", "filters", "r", "measured", "predicted", "95% prediction interval",
                "error", "inside");
        double[] errors = new double[held.size()];
        int inside = 0;
        for (int i = 0; i < held.size(); i++) {
            ModelPoint p = held.get(i);
            PredictedRate predicted = fit.predictWithInterval(p.filters(), p.replicationGrade());
            double error = (predicted.rate() - p.receivedRate()) / p.receivedRate();
            errors[i] = Math.abs(error);
            boolean in = predicted.contains(p.receivedRate());
            inside += in ? 1 : 0;
            out.printf(Locale.ROOT, row, p.label(), String.format(Locale.ROOT, "%.0f", p.filters()),
                    Figures.grade(p.replicationGrade()), Figures.rate(p.receivedRate()), Figures.rate(predicted.rate()),
                    ModelRows.bounds(predicted),
                    percent(error), Double.isNaN(predicted.low95()) ? "n/a" : in ? "yes" : "no");
        }
        Arrays.sort(errors);
        int n = errors.length;
        double median = n % 2 == 1 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
        out.printf(Locale.ROOT, "held out: median |error| %.2f%%, worst %.2f%%; %d of %d inside their 95%%"
                + " prediction intervals%n", median * 100, errors[n - 1] * 100, inside, n);
    }

    /**
     * Adds (or replaces) {@code model}, or a compared set's entry of {@code models}, and rewrites the
     * report under a temp name, then renames it.
     */
    private static void store(ReportFile.Loaded report, ModelFit fit, String comparedSet) throws BadInput {
        if (comparedSet == null) {
            report.tree().set("model", Json.MAPPER.valueToTree(fit));
        } else {
            JsonNode models = report.tree().path("models");
            ObjectNode byName = models.isObject() ? (ObjectNode) models : report.tree().putObject("models");
            byName.set(comparedSet, Json.MAPPER.valueToTree(fit));
        }
        try {
            AtomicFiles.write(report.file(), Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(report.tree()) + "\n");
        } catch (IOException e) {
            throw new BadInput(report.file() + ": cannot store the model: " + e.getMessage());
        }
    }
}
