package io.jmsbench.run.point;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.RoundTrip;

/**
 * The drain, done: how it ended, the subscribers' counts and the audit then, and when it ended;
 * with requesters, what came back to them ({@code null} without).
 */
public record Drained(Drain drain, Counters subscribers, AuditCounts audit, String endedAt, RoundTrip roundTrip) {
}
