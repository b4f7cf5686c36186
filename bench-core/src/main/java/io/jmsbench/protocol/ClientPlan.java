package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One client of a pool: its id in reports, its selector ({@code null}: none, always for
 * publishers), the name of the destination it uses (clients are spread over the destinations),
 * and for a subscriber whether it should audit every publisher's stream (it is expected to get
 * every message of the publishers on its destination).
 *
 * <p>A subscriber's schedule: {@code processingNanos} is the time its listener spends on each
 * message before the acknowledgement, taken from the table in turn, cycling (empty: none);
 * {@code startNanos} and {@code stopNanos} are when, after the publishers start, it connects and
 * closes ({@code null}: it connects when prepared and closes with the pool). Each part is left out
 * of the JSON when unset, so an agent of an earlier version reads a plan without them.
 *
 * <p>{@code group} is a publisher's index in its plan's {@link PoolPlan#groups} ({@code null} for a
 * subscriber).
 *
 * <p>{@code reply} is the client's part in request/reply ({@code null}: none).
 *
 * <p>{@code receipts}: a subscriber that shares its streams with others (a queue's competing consumers)
 * or takes a part of them its selector picks records which sequence numbers it received, for the
 * controller to audit together ({@code audit} is then false). {@code faults}: a test hook ({@code null}
 * but in tests of the audit). Both left out of the JSON when unset, so an agent of an earlier version
 * reads a plan without them.
 */
public record ClientPlan(String id, String selector, String destination, boolean audit,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> processingNanos,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long startNanos,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long stopNanos,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer group,
                         @JsonInclude(JsonInclude.Include.NON_NULL) ReplyPlan reply,
                         @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean receipts,
                         @JsonInclude(JsonInclude.Include.NON_NULL) SubscriberFaults faults) {

    public ClientPlan {
        processingNanos = processingNanos == null ? List.of() : List.copyOf(processingNanos);
    }

    public ClientPlan(String id, String selector, String destination, boolean audit, List<Long> processingNanos,
                      Long startNanos, Long stopNanos, Integer group, ReplyPlan reply) {
        this(id, selector, destination, audit, processingNanos, startNanos, stopNanos, group, reply, false, null);
    }

    public ClientPlan(String id, String selector, String destination, boolean audit, List<Long> processingNanos,
                      Long startNanos, Long stopNanos, Integer group) {
        this(id, selector, destination, audit, processingNanos, startNanos, stopNanos, group, null);
    }

    public ClientPlan(String id, String selector, String destination, boolean audit, List<Long> processingNanos,
                      Long startNanos, Long stopNanos) {
        this(id, selector, destination, audit, processingNanos, startNanos, stopNanos, null);
    }

    public ClientPlan(String id, String selector, String destination, boolean audit) {
        this(id, selector, destination, audit, List.of(), null, null);
    }

    /** This client at {@code destination} (its address on the wire), all else kept. */
    public ClientPlan at(String destination) {
        return new ClientPlan(id, selector, destination, audit, processingNanos, startNanos, stopNanos, group, reply,
                receipts, faults);
    }

    public ClientPlan(String id, String selector, String destination) {
        this(id, selector, destination, false);
    }

    /** Whether the client connects only once the publishers started. */
    public boolean late() {
        return startNanos != null;
    }
}
