package io.jmsbench.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The message audit of a point, summed over the audited subscribers and streams: lost (sent, never
 * received after the drain), duplicates, out of order, redelivered, unexpected (messages that
 * no publisher of this run sent), and {@code resent}: second copies of a send the publisher made
 * again after one that failed but had reached the broker (in doubt, not a duplicate). {@code auditedSubscribers} of {@code subscribers} were audited:
 * alone, expected to receive every message of their publishers' streams (no selector that drops some,
 * one consumer per queue), or together, a queue's competing consumers expected to receive every
 * message between them exactly once (the union of their receipts), or a subscriber the part of each
 * stream its selector takes. {@code notAudited} names the others, counted in the totals only: nothing
 * says whether they lost anything. {@code examples}: which messages were lost or seen twice, by
 * stream, the first few of each. {@code groups}: where the message groups went ({@code null}: no groups).
 */
public record AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                          int auditedSubscribers, int subscribers, boolean overflow, long resent,
                          List<AuditExample> examples,
                          @JsonInclude(JsonInclude.Include.NON_NULL) GroupStickiness groups,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notAudited) {

    /** How many streams' examples a point keeps. */
    public static final int EXAMPLE_STREAMS = 5;

    public static final AuditCounts NONE = new AuditCounts(0, 0, 0, 0, 0, 0, 0, false, 0);

    public AuditCounts {
        examples = examples == null ? List.of() : List.copyOf(examples);
        notAudited = notAudited == null ? List.of() : List.copyOf(notAudited);
    }

    /** Without the names of the subscribers not audited (a report written before they were given). */
    public AuditCounts(long lost, long duplicates, long outOfOrder, long redelivered, long unexpected,
                       int auditedSubscribers, int subscribers, boolean overflow, long resent,
                       List<AuditExample> examples, GroupStickiness groups) {
        this(lost, duplicates, outOfOrder, redelivered, unexpected, auditedSubscribers, subscribers, overflow, resent,
                examples, groups, List.of());
    }

    /** Whether no subscriber was audited: its figures say nothing of loss or duplicates. */
    public boolean noneAudited() {
        return auditedSubscribers == 0 && subscribers > 0;
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
                overflow, resent, examples, groups, notAudited);
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
