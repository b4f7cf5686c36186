package io.jmsbench.metrics;

/**
 * The message audit of a point, summed over the audited subscribers and streams: lost (sent, never
 * received after the drain), duplicates, out of order, redelivered, unexpected (messages that
 * no publisher of this run sent), and {@code resent}: second copies of a send the publisher made
 * again after one that failed but had reached the broker (in doubt, not a duplicate). {@code auditedSubscribers} of {@code subscribers} were expected
 * to receive every message of their publishers' streams (no selector that drops some, one consumer
 * per queue); the others are counted in the totals only.
 */
public record AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                          int auditedSubscribers, int subscribers, boolean overflow, long resent) {

    public static final AuditCounts NONE = new AuditCounts(0, 0, 0, 0, 0, 0, 0, false, 0);

    /** Counts without a send made again after a failure ({@code resent}: second copies of those that arrived). */
    public AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                       int auditedSubscribers, int subscribers, boolean overflow) {
        this(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers, overflow, 0);
    }
}
