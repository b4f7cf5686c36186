package io.jmsbench.regression;

/**
 * One parameter of the fitted cost model (seconds per message), base against new. The fit gives
 * no standard errors, so this is a change in the estimate, never called beyond the noise.
 */
public record ModelChange(String parameter, double base, double next, double relativeChange) {
}
