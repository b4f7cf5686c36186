package io.jmsbench.cli;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.Figures;
import io.jmsbench.report.FitPoints;
import io.jmsbench.report.ModelRows;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code jmsbench fit}'s console text: the reports, the points used and left out, the model's rows
 * beside the paper's, the residuals, the leave-one-out error, the warnings and the predictions.
 */
final class FitText {

    private static final String PARAMETER_ROW = "  %-7s %10s  %12s  %-22s  %-20s  %s";

    private FitText() {
    }

    static void print(PrintWriter out, List<Path> files, FitPoints selected, ModelFit fit,
                      List<FitRequest.Prediction> predictions) {
        if (files.size() == 1) {
            out.println("jmsbench fit: " + files.get(0));
        } else {
            out.println("jmsbench fit: " + files.size() + " reports");
            for (int k = 0; k < files.size(); k++) {
                out.println("  [" + (k + 1) + "] " + files.get(k));
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
        residuals(out, fit);
        if (fit.warnings().isEmpty()) {
            out.println("warnings: none");
        } else {
            out.println("warnings:");
            fit.warnings().forEach(w -> out.println("  - " + w));
        }
        for (FitRequest.Prediction p : predictions) {
            out.println("predict " + p.text() + ": " + ModelRows.prediction(fit, p.filters(), p.r()));
        }
    }

    private static void residuals(PrintWriter out, ModelFit fit) {
        String row = "  %-" + labelWidth(fit.pointsUsedLabels()) + "s  %7s  %8s  %10s  %10s  %8s%n";
        out.println("residuals (received rate, msgs/s; error = (predicted - measured) / measured):");
        out.printf(Locale.ROOT, row, "point", "filters", "r", "measured", "predicted", "error");
        for (ModelFit.Residual r : fit.residuals()) {
            out.printf(Locale.ROOT, row, r.label(), String.format(Locale.ROOT, "%.0f", r.filters()),
                    Figures.grade(r.replicationGrade()), Figures.rate(r.measuredReceivedRate()),
                    Figures.rate(r.predictedReceivedRate()), signedPercent(r.relativeError()));
        }
        if (Double.isNaN(fit.looMedianRelativeError())) {
            out.println("leave-one-out: n/a (needs at least 4 points)");
        } else {
            out.printf(Locale.ROOT, "leave-one-out (each point predicted from a fit on the others):"
                            + " median error %.2f%%, worst %.2f%%%n", fit.looMedianRelativeError() * 100,
                    fit.looWorstRelativeError() * 100);
        }
    }

    /** The width of a table's point column: its longest label, or the header's. */
    static int labelWidth(List<String> labels) {
        return Math.max("point".length(), labels.stream().mapToInt(String::length).max().orElse(0));
    }

    /** Signed, two decimals; rounding noise prints as +0.00%, not -0.00%. */
    static String signedPercent(double fraction) {
        String text = String.format(Locale.ROOT, "%+.2f%%", fraction * 100);
        return "-0.00%".equals(text) ? "+0.00%" : text;
    }
}
