package io.jmsbench.broker.management;

import java.util.List;

/**
 * What a broker's management interface said at one instant: its cumulative message counters (in,
 * acknowledged, dispatched, sends held back by flow control), its levels (dispatched but not
 * acknowledged, still held), and in the broker's own words any resource alarm and any producer or
 * connection its flow control holds back. {@code -1}: a figure this broker does not give.
 */
public record BrokerReading(long enqueued, long dequeued, long dispatched, long blockedSends, long inFlight,
                            long remaining, List<String> alarms, List<String> flowControl) {

    public BrokerReading {
        alarms = List.copyOf(alarms);
        flowControl = List.copyOf(flowControl);
    }

    /** The counters only, to tell whether the broker's statistics still move. */
    boolean sameCounts(BrokerReading other) {
        return enqueued == other.enqueued && dequeued == other.dequeued && dispatched == other.dispatched
                && inFlight == other.inFlight && remaining == other.remaining;
    }
}
