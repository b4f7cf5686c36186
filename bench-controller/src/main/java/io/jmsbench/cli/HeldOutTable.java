package io.jmsbench.cli;

import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.model.PredictedRate;
import io.jmsbench.report.Figures;
import io.jmsbench.report.ModelRows;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The points {@code jmsbench fit --holdout} held out, against the fit on the others: each one's
 * predicted rate, its 95% prediction interval, the error and whether the measurement lies in the
 * interval; then the median and worst error.
 */
final class HeldOutTable {

    private HeldOutTable() {
    }

    static void print(PrintWriter out, List<ModelPoint> held, ModelFit fit, long seed) {
        out.println();
        out.println("held out " + held.size() + " points chosen at random (seed " + seed + "), predicted by the fit"
                + " on the other " + fit.pointsUsed() + " (received rate, msgs/s):");
        String row = "  %-" + FitText.labelWidth(held.stream().map(ModelPoint::label).toList())
                + "s  %7s  %8s  %10s  %10s  %-23s  %8s  %s%n";
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
                    ModelRows.bounds(predicted), FitText.signedPercent(error),
                    Double.isNaN(predicted.low95()) ? "n/a" : in ? "yes" : "no");
        }
        Arrays.sort(errors);
        int n = errors.length;
        double median = n % 2 == 1 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
        out.printf(Locale.ROOT, "held out: median |error| %.2f%%, worst %.2f%%; %d of %d inside their 95%%"
                + " prediction intervals%n", median * 100, errors[n - 1] * 100, inside, n);
    }
}
