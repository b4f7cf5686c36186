package io.jmsbench.metrics;

/**
 * The message audit of a point, summed over the audited subscribers and streams: lost (sent, never
 * received after the drain), duplicates, out of order, redelivered, and unexpected (messages that
 * no publisher of this run sent). {@code auditedSubscribers} of {@code subscribers} were expected
 * to receive every message of their publishers' streams (no selector that drops some, one consumer
 * per queue); the others are counted in the totals only.
 */
public record AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                          int auditedSubscribers, int subscribers, boolean overflow) {

    public static final AuditCounts NONE = new AuditCounts(0, 0, 0, 0, 0, 0, 0, false);
}
