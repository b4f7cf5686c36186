package io.jmsbench.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The message audit of a point, summed over the audited subscribers and streams: lost (sent, never
 * received after the drain), duplicates, out of order, redelivered, unexpected (messages that
 * no publisher of this run sent), and {@code resent}: second copies of a send the publisher made
 * again after one that failed but had reached the broker (in doubt, not a duplicate). {@code auditedSubscribers} of {@code subscribers} were expected
 * to receive every message of their publishers' streams (no selector that drops some, one consumer
 * per queue); the others are counted in the totals only. {@code examples}: which messages were lost
 * or seen twice, by stream, the first few of each. {@code groups}: where the message groups went
 * ({@code null}: no groups).
 */
public record AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                          int auditedSubscribers, int subscribers, boolean overflow, long resent,
                          List<AuditExample> examples,
                          @JsonInclude(JsonInclude.Include.NON_NULL) GroupStickiness groups) {

    /** How many streams' examples a point keeps. */
    public static final int EXAMPLE_STREAMS = 5;

    public static final AuditCounts NONE = new AuditCounts(0, 0, 0, 0, 0, 0, 0, false, 0);

    public AuditCounts {
        examples = examples == null ? List.of() : List.copyOf(examples);
    }

    /** Without message groups. */
    public AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                       int auditedSubscribers, int subscribers, boolean overflow, long resent,
                       List<AuditExample> examples) {
        this(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers, overflow, resent,
                examples, null);
    }

    /** These counts with {@code lost} in place of their own (what expiry does not explain). */
    public AuditCounts withLost(long lost) {
        return new AuditCounts(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers,
                overflow, resent, examples, groups);
    }

    /** Counts without examples. */
    public AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                       int auditedSubscribers, int subscribers, boolean overflow, long resent) {
        this(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers, overflow, resent,
                List.of());
    }

    /** Counts without a send made again after a failure ({@code resent}: second copies of those that arrived). */
    public AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                       int auditedSubscribers, int subscribers, boolean overflow) {
        this(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers, overflow, 0);
    }
}
