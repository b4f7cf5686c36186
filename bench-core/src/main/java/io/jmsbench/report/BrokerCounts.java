package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The broker's own counters for a point, summed over the destinations the clients used, read when
 * the broker stopped (after the drain): messages in ({@code enqueued}), messages acknowledged by
 * consumers ({@code dequeued}; for a topic, once per subscription), dispatched to consumers,
 * dispatched but not yet acknowledged ({@code inFlight}), still held ({@code remaining}) and
 * discarded because their time to live ran out ({@code expired}; for a topic, once per subscription).
 * {@code source} says which broker and which of its counters they are, and which had not settled;
 * a count the broker could not give, or not in time, is {@link #UNKNOWN}. {@code heldBefore}: the
 * messages each destination held before the point began, those holding any, as an external
 * broker's management interface said ({@code null}: not read, or embedded).
 */
public record BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight,
                           long remaining, long expired, Map<String, Long> heldBefore) {

    public static final long UNKNOWN = -1;

    public BrokerCounts {
        heldBefore = heldBefore == null ? null : Collections.unmodifiableMap(new TreeMap<>(heldBefore));
    }

    public BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight, long remaining,
                        long expired) {
        this(source, enqueued, dequeued, dispatched, inFlight, remaining, expired, null);
    }

    /** Without an expired count (a broker, or a report, that gives none). */
    public BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight, long remaining) {
        this(source, enqueued, dequeued, dispatched, inFlight, remaining, UNKNOWN);
    }

    /** A report written before expired messages were counted reads as {@link #UNKNOWN}. */
    @JsonCreator
    static BrokerCounts read(@JsonProperty("source") String source, @JsonProperty("enqueued") long enqueued,
                             @JsonProperty("dequeued") long dequeued, @JsonProperty("dispatched") long dispatched,
                             @JsonProperty("inFlight") long inFlight, @JsonProperty("remaining") long remaining,
                             @JsonProperty("expired") Long expired,
                             @JsonProperty("heldBefore") Map<String, Long> heldBefore) {
        return new BrokerCounts(source, enqueued, dequeued, dispatched, inFlight, remaining,
                expired == null ? UNKNOWN : expired, heldBefore);
    }

    /** These counts with what each destination held before the point ({@code null}: not read). */
    public BrokerCounts withHeldBefore(Map<String, Long> held) {
        return new BrokerCounts(source, enqueued, dequeued, dispatched, inFlight, remaining, expired, held);
    }

    /** Whether the broker said how many messages it took in. */
    public boolean inKnown() {
        return enqueued != UNKNOWN;
    }

    public boolean expiredKnown() {
        return expired != UNKNOWN;
    }

    public boolean outKnown() {
        return dequeued != UNKNOWN;
    }
}
