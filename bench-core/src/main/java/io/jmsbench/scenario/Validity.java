package io.jmsbench.scenario;

/**
 * The paper's validity rules (§3.3), thresholds as fractions: for a capacity run (saturated
 * publishers) the broker must be at least {@code brokerCpuMin} busy, every client below
 * {@code clientCpuMax}. On one machine they apply per JVM (see the report's "shared host" label).
 */
public record Validity(double brokerCpuMin, double clientCpuMax) {
}
