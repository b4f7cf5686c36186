package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How a point's measurement window ended: at its fixed time, at its message count, once an auto
 * window's rates were precise enough, at an auto window's bound ({@code maxMeasure}), or cut short
 * by what ended the point first (a stall, a failure, an abort).
 * {@code report.json} says the lower-case name.
 */
public enum WindowEnd {
    TIME, MESSAGES, PRECISION, BOUND, CUT;

    @JsonValue
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
