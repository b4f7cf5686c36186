package io.jmsbench.report;

/**
 * The broker's own counters for a point, summed over the destinations the clients used, read when
 * the broker stopped (after the drain): messages in ({@code enqueued}), messages acknowledged by
 * consumers ({@code dequeued}; for a topic, once per subscription), dispatched to consumers,
 * dispatched but not yet acknowledged ({@code inFlight}) and still held ({@code remaining}).
 * {@code source} says which broker and which of its counters they are; a count the broker could
 * not give is {@link #UNKNOWN}.
 */
public record BrokerCounts(String source, long enqueued, long dequeued, long dispatched, long inFlight,
                           long remaining) {

    public static final long UNKNOWN = -1;

    public boolean outKnown() {
        return dequeued != UNKNOWN;
    }
}
