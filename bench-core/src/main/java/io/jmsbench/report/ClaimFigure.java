package io.jmsbench.report;

/**
 * One point's rate as a claim sees it: the claim key's value there, the rate with its 95% interval
 * and where that came from, and whether the point may be judged (valid, or invalid by the CPU rules
 * only on a shared host, as for the cost model); {@code sharedHostCpuRulesOnly} when it is usable
 * only by that exception.
 */
public record ClaimFigure(String at, Measure rate, boolean usable, boolean sharedHostCpuRulesOnly) {

    public boolean measured() {
        return rate.measured();
    }

    public boolean hasInterval() {
        return rate.hasInterval();
    }

    public double value() {
        return rate.value();
    }

    public double low() {
        return rate.low();
    }

    public double high() {
        return rate.high();
    }
}
