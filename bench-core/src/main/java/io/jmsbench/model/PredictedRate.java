package io.jmsbench.model;

/**
 * A received rate predicted by a fit, with its 95% prediction interval: B's interval,
 * B ± t(0.975, df) * sqrt(x^T Cov x + s^2), turned into rates as 1 / B at its ends. The upper end
 * is infinite when B's interval reaches 0; both ends are {@code NaN} when the fit has no
 * degree of freedom left (or was read from a report written before fits had a covariance).
 *
 * @param rate   1 / B, msgs/s
 * @param low95  msgs/s
 * @param high95 msgs/s
 */
public record PredictedRate(double rate, double low95, double high95) {

    /** Whether {@code measured} lies in the interval; false when there is none. */
    public boolean contains(double measured) {
        return measured >= low95 && measured <= high95;
    }
}
