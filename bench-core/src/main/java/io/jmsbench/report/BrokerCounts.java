package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The broker's own counters for a point, summed over the destinations the clients used, read when
 * the broker stopped (after the drain): messages in ({@code enqueued}), messages acknowledged by
 * consumers ({@code dequeued}; for a topic, once per subscription), dispatched to consumers,
 * dispatched but not yet acknowledged ({@code inFlight}), still held ({@code remaining}) and
 * discarded because their time to live ran out ({@code expired}; for a topic, once per subscription).
 * {@code source} says which broker and which of its counters they are; a count the broker could
 * not give is {@link #UNKNOWN}.
 */
public record BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight,
                           long remaining, long expired) {

    public static final long UNKNOWN = -1;

    /** Without an expired count (a broker, or a report, that gives none). */
    public BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight, long remaining) {
        this(source, enqueued, dequeued, dispatched, inFlight, remaining, UNKNOWN);
    }

    /** A report written before expired messages were counted reads as {@link #UNKNOWN}. */
    @JsonCreator
    static BrokerCounts read(@JsonProperty("source") String source, @JsonProperty("enqueued") long enqueued,
                             @JsonProperty("dequeued") long dequeued, @JsonProperty("dispatched") long dispatched,
                             @JsonProperty("inFlight") long inFlight, @JsonProperty("remaining") long remaining,
                             @JsonProperty("expired") Long expired) {
        return new BrokerCounts(source, enqueued, dequeued, dispatched, inFlight, remaining,
                expired == null ? UNKNOWN : expired);
    }

    public boolean expiredKnown() {
        return expired != UNKNOWN;
    }

    public boolean outKnown() {
        return dequeued != UNKNOWN;
    }
}
