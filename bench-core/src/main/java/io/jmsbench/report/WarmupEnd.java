package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How a point's warm-up ended: at its fixed time, once an auto warm-up's rates were steady
 * (MSER-5), or at an auto warm-up's bound ({@code maxWarmup}) with the rates still changing.
 * {@code report.json} says the lower-case name.
 */
public enum WarmupEnd {
    TIME, STEADY, BOUND;

    @JsonValue
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
