package io.jmsbench.report;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Estimate;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.PredictedRate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fitted cost model as text: a row per parameter (its value, standard error and 95% interval, the
 * paper's ActiveMQ 4.0 value and, where the data do not identify it, why), the points left out of the
 * fit, and a prediction. The one rendering of a fit: the console, report.md and report.html lay these
 * out and format none of its figures themselves.
 *
 * @param parameters t_rcv, t_fltr and t_tx, in that order
 * @param excluded   each point left out of the fit, as {@code label: why}
 */
public record ModelRows(List<Parameter> parameters, List<String> excluded) {

    /** What a table of {@link Parameter#cell() cells} tells its reader. */
    public static final String CELLS = "Each cell: the fitted value [its 95% interval]; a cell marked * does not"
            + " exclude 0.";

    private static final double[] PAPER = {CostModel.PAPER_T_RCV, CostModel.PAPER_T_FLTR, CostModel.PAPER_T_TX};

    /**
     * One parameter. {@code standardError} and {@code interval} are {@code n/a} where there is none (fixed
     * at 0, no degree of freedom left, a report written before fits had them); {@code remark} is empty
     * where the interval excludes 0; {@code cell} is the value and its interval in one, marked {@code *}
     * unless the interval excludes 0.
     */
    public record Parameter(String name, String value, String standardError, String interval, String paper,
                            String remark, String cell) {
    }

    public ModelRows {
        parameters = List.copyOf(parameters);
        excluded = List.copyOf(excluded);
    }

    public static ModelRows of(ModelFit fit) {
        double[] fitted = {fit.tRcv(), fit.tFltr(), fit.tTx()};
        List<Parameter> parameters = new ArrayList<>();
        for (int j = 0; j < 3; j++) {
            // reports written before fits had standard errors carry no estimates
            Estimate e = fit.estimates().size() == 3 ? fit.estimates().get(j) : null;
            boolean hasInterval = e != null && !Double.isNaN(e.low95());
            String bounds = hasInterval ? "[" + seconds(e.low95()) + ", " + seconds(e.high95()) + "]" : "";
            String value = seconds(e == null ? fitted[j] : e.value()) + " s";
            parameters.add(new Parameter(CostModel.PARAMETERS.get(j), value,
                    e == null || Double.isNaN(e.standardError()) ? "n/a" : "± " + seconds(e.standardError()) + " s",
                    hasInterval ? bounds + " s" : "n/a", seconds(PAPER[j]) + " s", e == null ? "" : fit.remark(e),
                    value + (hasInterval ? " " + bounds : "") + (hasInterval && e.excludesZero() ? "" : " *")));
        }
        return new ModelRows(parameters, fit.excluded().stream().map(x -> x.label() + ": " + x.sentence()).toList());
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.2e", value);
    }

    /**
     * What the fit predicts with {@code filters} installed filters and replication grade {@code r}: the
     * received and the overall rate, each with its 95% prediction interval for one new measurement.
     */
    public static String prediction(ModelFit fit, double filters, double r) {
        PredictedRate received = fit.predictWithInterval(filters, r);
        return "received " + Figures.rate(received.rate()) + " msgs/s" + interval(received, 1) + ", overall "
                + Figures.rate(fit.predictOverallRate(filters, r)) + " msgs/s" + interval(received, r + 1);
    }

    /**
     * The received rate's 95% prediction interval times {@code factor} (overall = (r + 1) × received),
     * or what the fit lacks for one.
     */
    private static String interval(PredictedRate received, double factor) {
        return Double.isNaN(received.low95()) ? " (no prediction interval: no degree of freedom left)"
                : " (95% prediction interval " + Figures.rate(received.low95() * factor) + " to "
                + upTo(received.high95() * factor) + ")";
    }

    /** A predicted received rate's 95% interval as {@code [low, high]}; {@code n/a} without one. */
    public static String bounds(PredictedRate predicted) {
        return Double.isNaN(predicted.low95()) ? "n/a"
                : "[" + Figures.rate(predicted.low95()) + ", " + upTo(predicted.high95()) + "]";
    }

    /** The upper end of a prediction interval, infinite when B's interval reaches 0. */
    private static String upTo(double rate) {
        return Double.isInfinite(rate) ? "inf" : Figures.rate(rate);
    }
}
