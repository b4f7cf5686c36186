package io.jmsbench.scenario;

/**
 * The paper's validity rules (§3.3), thresholds as fractions: for a capacity run (saturated
 * publishers) the broker must be at least {@code brokerCpuMin} busy, every client below
 * {@code clientCpuMax}. On one machine they apply per JVM (see the report's "shared host" label).
 * Latency across hosts is flagged when the clock offsets' uncertainty exceeds
 * {@code clockUncertaintyMax} of the median latency.
 */
public record Validity(double brokerCpuMin, double clientCpuMax, double clockUncertaintyMax) {

    /** The thresholds a scenario leaves to their defaults. */
    public static final Validity DEFAULT = new Validity(Defaults.BROKER_CPU_MIN, Defaults.CLIENT_CPU_MAX,
            Defaults.CLOCK_UNCERTAINTY_MAX);
}
