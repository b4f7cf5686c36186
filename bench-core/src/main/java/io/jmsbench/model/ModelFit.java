package io.jmsbench.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The cost model fitted to measured points (paper, eq. 1): B = t_rcv + n_fltr * t_fltr + r * t_tx
 * seconds per received message, so received rate = 1 / B and overall rate = (r + 1) / B. Stored in
 * {@code report.json} under {@code model}.
 *
 * @param tRcv                  fixed time per received message, seconds
 * @param tFltr                 time per installed filter per received message, seconds
 * @param tTx                   time per copy sent, seconds
 * @param rSquared              coefficient of determination of the fit on B; {@code NaN} when every B is equal
 * @param residuals             measured against fitted, one per point used, in input order
 * @param looMedianRelativeError leave-one-out: median of |predicted - measured| / measured received rate, each
 *                              point predicted from a fit on all the others; {@code NaN} below 4 points
 * @param looWorstRelativeError  leave-one-out: the largest of those errors; {@code NaN} below 4 points
 * @param warnings              one sentence per reason to distrust a parameter (design, clamping, inputs)
 * @param pointsUsed            how many points the fit used
 * @param pointsUsedLabels      their labels, in input order
 */
public record ModelFit(double tRcv, double tFltr, double tTx, double rSquared, List<Residual> residuals,
                       double looMedianRelativeError, double looWorstRelativeError, List<String> warnings,
                       int pointsUsed, List<String> pointsUsedLabels) {

    /**
     * One point measured against the fit. {@code relativeError} is signed: (predicted - measured) / measured,
     * so a positive value means the model expects more than the broker took.
     */
    public record Residual(String label, double filters, double replicationGrade, double measuredReceivedRate,
                           double predictedReceivedRate, double relativeError) {
    }

    public ModelFit {
        residuals = List.copyOf(residuals);
        warnings = List.copyOf(warnings);
        pointsUsedLabels = List.copyOf(pointsUsedLabels);
    }

    /** Messages/s the broker accepts with {@code filters} installed filters and replication grade {@code r}. */
    public double predictReceivedRate(double filters, double r) {
        return 1 / CostModel.processingTime(tRcv, tFltr, tTx, filters, r);
    }

    /** Received plus dispatched messages/s, (r + 1) / B: the paper's capacity figure. */
    public double predictOverallRate(double filters, double r) {
        return (r + 1) * predictReceivedRate(filters, r);
    }

    /** This fit with {@code more} warnings after its own, e.g. about where its points came from. */
    public ModelFit withWarnings(List<String> more) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(more);
        return new ModelFit(tRcv, tFltr, tTx, rSquared, residuals, looMedianRelativeError, looWorstRelativeError,
                all, pointsUsed, pointsUsedLabels);
    }
}
