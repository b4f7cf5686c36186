package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How a point's warm-up ended: at its fixed time, once an auto warm-up's rates were steady
 * (MSER-5), or at an auto warm-up's bound ({@code maxWarmup}) with the rates still changing; for
 * {@code rate: sustainable}, once its closed loop converged and a hold of the rate found kept up, or
 * at the warm-up's bound (or when it gave up) without converging.
 * {@code report.json} says the lower-case name, with a dash between words.
 */
public enum WarmupEnd {
    TIME, STEADY, BOUND, CONVERGED, NOT_CONVERGED;

    @JsonValue
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
