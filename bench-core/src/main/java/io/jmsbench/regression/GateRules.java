package io.jmsbench.regression;

/**
 * What fails the gate. How much worse a point may get: a fraction of the base figure for the rates
 * ({@code maxRegression}) and for p99 latency ({@code maxLatencyRegression}); NaN turns that rule
 * off. p50, and latencies under saturated publishing, are judged against the latency threshold but
 * never gated ({@link MetricChange.Gating}). With {@code requireValid}, a point not valid on both
 * sides, a point on one side only or an aborted run fails the gate too.
 */
public record GateRules(double maxRegression, double maxLatencyRegression, boolean requireValid) {

    public static final GateRules DEFAULT = new GateRules(0.05, 0.10, false);

    /** The change in {@code metric} that counts, NaN when none was given. */
    public double allowed(Metric metric) {
        return metric.isRate() ? maxRegression : maxLatencyRegression;
    }
}
