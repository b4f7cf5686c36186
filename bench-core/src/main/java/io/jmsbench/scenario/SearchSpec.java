package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.time.Duration;

/**
 * A capacity search ({@code search:}): fixed-rate points whose rates the harness chooses, the
 * first at {@code from} msgs/s, to find the highest total rate the broker sustains with the latency
 * percentile {@code latency} at most {@code below} (both {@code null}: a throughput-only search),
 * in at most {@code maxPoints} points, the confirming repeat included. {@code until}: the ceiling
 * no step reaches; {@code null} ({@code until: max}) has a saturated probe measure it.
 */
public record SearchSpec(Percentile latency, Duration below, double from, Double until, int maxPoints) {

    /** The latency percentiles a search can bound, as scenarios write them. */
    public enum Percentile {
        P50("p50"), P90("p90"), P99("p99"), P999("p99.9"), P9999("p99.99");

        private final String yamlName;

        Percentile(String yamlName) {
            this.yamlName = yamlName;
        }

        @JsonValue
        public String yamlName() {
            return yamlName;
        }
    }

    public boolean latencyBound() {
        return latency != null;
    }
}
