package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.PointResult.Drain;

/** The drain, done: how it ended, the subscribers' counts and the audit then, and when it ended. */
public record Drained(Drain drain, Counters subscribers, AuditCounts audit, String endedAt) {
}
