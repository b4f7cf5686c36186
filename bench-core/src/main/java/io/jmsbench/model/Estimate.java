package io.jmsbench.model;

/**
 * One fitted parameter with its uncertainty. The standard error is the usual least-squares one,
 * sqrt of the diagonal of s^2 (X_S^T X_S)^-1 over the parameters the non-negative solution uses
 * (S), with s^2 = RSS / (m - |S|); the interval is value ± t(0.975, m - |S|) * standardError.
 * It is conditional on S: a parameter outside S is fixed at 0 and has none.
 *
 * @param name          t_rcv, t_fltr or t_tx
 * @param value         seconds
 * @param standardError seconds; {@code NaN} when the parameter is fixed at 0 or no degree of freedom is left
 * @param low95         lower end of the 95% interval, seconds; {@code NaN} when there is no standard error
 * @param high95        upper end of the 95% interval, seconds; {@code NaN} when there is no standard error
 * @param clamped       true when the non-negativity constraint (not the design) fixed it at 0
 */
public record Estimate(String name, double value, double standardError, double low95, double high95,
                       boolean clamped) {

    /** Whether the 95% interval lies wholly on one side of 0: the data identify the parameter at 95%. */
    public boolean excludesZero() {
        return low95 > 0 || high95 < 0;
    }
}
