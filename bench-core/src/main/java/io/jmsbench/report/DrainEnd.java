package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a point's drain ended: every expected receipt came and the audited streams miss nothing,
 * no receipt came for a while, or the drain's bound passed; {@link #NOT_REACHED} for a point that
 * ended before its drain. {@code report.json} says {@code complete}, {@code quiet},
 * {@code timeout} or {@code not reached}.
 */
public enum DrainEnd {
    COMPLETE("complete"), QUIET("quiet"), TIMEOUT("timeout"), NOT_REACHED("not reached");

    private final String json;

    DrainEnd(String json) {
        this.json = json;
    }

    @JsonValue
    @Override
    public String toString() {
        return json;
    }
}
