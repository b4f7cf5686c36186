package io.jmsbench.model;

import io.jmsbench.stats.StudentT;

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
 * @param estimates             t_rcv, t_fltr and t_tx in that order, each with its standard error and 95%
 *                              interval; empty in reports written before fits had them
 * @param residualVariance      s^2 = RSS / degreesOfFreedom on B, seconds^2; {@code NaN} with no degree of freedom
 * @param degreesOfFreedom      points used minus parameters the solution uses (those not fixed at 0); 0 also
 *                              in reports written before fits had it
 * @param covariance            3x3 covariance of (t_rcv, t_fltr, t_tx), seconds^2: s^2 (X_S^T X_S)^-1 over the
 *                              parameters used, 0 in the rows and columns of those fixed at 0; empty in older reports
 * @param excluded              the points left out of the fit and why; empty in older reports
 */
public record ModelFit(double tRcv, double tFltr, double tTx, double rSquared, List<Residual> residuals,
                       double looMedianRelativeError, double looWorstRelativeError, List<String> warnings,
                       int pointsUsed, List<String> pointsUsedLabels, List<Estimate> estimates,
                       double residualVariance, int degreesOfFreedom, List<List<Double>> covariance,
                       List<Excluded> excluded) {

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
        estimates = estimates == null ? List.of() : List.copyOf(estimates);
        covariance = covariance == null ? List.of() : covariance.stream().map(List::copyOf).toList();
        excluded = excluded == null ? List.of() : List.copyOf(excluded);
    }

    /** Messages/s the broker accepts with {@code filters} installed filters and replication grade {@code r}. */
    public double predictReceivedRate(double filters, double r) {
        return 1 / CostModel.processingTime(tRcv, tFltr, tTx, filters, r);
    }

    /** Received plus dispatched messages/s, (r + 1) / B: the paper's capacity figure. */
    public double predictOverallRate(double filters, double r) {
        return (r + 1) * predictReceivedRate(filters, r);
    }

    /**
     * The received rate predicted with {@code filters} installed filters and replication grade {@code r},
     * with its 95% prediction interval for one new measurement.
     */
    public PredictedRate predictWithInterval(double filters, double r) {
        double b = CostModel.processingTime(tRcv, tFltr, tTx, filters, r);
        if (degreesOfFreedom < 1 || covariance.size() != 3 || !(residualVariance >= 0)) {
            return new PredictedRate(1 / b, Double.NaN, Double.NaN);
        }
        double[] x = {1, filters, r};
        double variance = residualVariance;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                variance += x[i] * covariance.get(i).get(j) * x[j];
            }
        }
        double half = StudentT.quantile975(degreesOfFreedom) * Math.sqrt(variance);
        double low = b - half;
        return new PredictedRate(1 / b, 1 / (b + half), low > 0 ? 1 / low : Double.POSITIVE_INFINITY);
    }

    /**
     * Why the parameter is not identified at 95%, in a few words; empty when its interval excludes 0.
     * Older reports (no estimates) get nothing to say.
     */
    public String remark(Estimate e) {
        if (e.excludesZero()) {
            return "";
        }
        if (e.clamped()) {
            return "clamped to 0 by the constraint: no standard error";
        }
        if (Double.isNaN(e.standardError()) && degreesOfFreedom == 0) {
            return "no standard error: no point left beyond the parameters";
        }
        if (Double.isNaN(e.standardError())) {
            return "not identified by the design: set to 0, no standard error";
        }
        return "interval includes 0: not identified at 95%";
    }

    /** This fit with {@code more} warnings after its own, e.g. about where its points came from. */
    public ModelFit withWarnings(List<String> more) {
        List<String> all = new ArrayList<>(warnings);
        all.addAll(more);
        return new ModelFit(tRcv, tFltr, tTx, rSquared, residuals, looMedianRelativeError, looWorstRelativeError,
                all, pointsUsed, pointsUsedLabels, estimates, residualVariance, degreesOfFreedom, covariance,
                excluded);
    }

    /** This fit with the points its caller left out, and why. */
    public ModelFit withExcluded(List<Excluded> points) {
        return new ModelFit(tRcv, tFltr, tTx, rSquared, residuals, looMedianRelativeError, looWorstRelativeError,
                warnings, pointsUsed, pointsUsedLabels, estimates, residualVariance, degreesOfFreedom, covariance,
                points);
    }
}
