package io.jmsbench.run.point;

import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.WindowEnd;

/**
 * The measurement window: the readings at its two edges, how it ended and the latency of every
 * message received in it. A window cut short ends by {@link WindowEnd#CUT}, with {@code null} for
 * {@code endedAt}; a stall keeps its last reading as {@code end}, anything else has none.
 */
public record Window(Snapshot start, Snapshot end, WindowEnd endedBy, LatencyFigures latency, String startedAt,
                     String endedAt) {
}
