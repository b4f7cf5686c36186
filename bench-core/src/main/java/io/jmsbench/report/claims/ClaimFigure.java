package io.jmsbench.report.claims;

/**
 * One point's rate as a claim sees it: the claim key's value there, the rate with the half-width
 * of its 95% interval (NaN when none) and where that came from (repeats or the window's batch
 * means), and whether the point may be judged (valid, or invalid by the CPU rules only on a shared
 * host, as for the cost model); {@code sharedHostCpuRulesOnly} when it is usable only by that
 * exception.
 */
public record ClaimFigure(String at, double rate, double halfWidth, String basis, boolean usable,
                          boolean sharedHostCpuRulesOnly) {

    boolean hasInterval() {
        return !Double.isNaN(halfWidth);
    }

    double low() {
        return rate - halfWidth;
    }

    double high() {
        return rate + halfWidth;
    }
}
