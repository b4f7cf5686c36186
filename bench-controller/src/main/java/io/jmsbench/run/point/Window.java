package io.jmsbench.run.point;

import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.WindowEnd;

/**
 * The measurement window: the readings at its two edges, how it ended and the latency of every
 * message received in it. A window cut short by a stall has its last reading as {@code end} and
 * {@code null} for {@code endedBy} and {@code endedAt}.
 */
public record Window(Snapshot start, Snapshot end, WindowEnd endedBy, LatencyFigures latency, String startedAt,
                     String endedAt) {
}
