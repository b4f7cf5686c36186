package io.jmsbench.broker.management;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a broker's management interface said at one instant: its cumulative message counters (in,
 * acknowledged, dispatched, sends held back by flow control), its levels (dispatched but not
 * acknowledged, still held), and in the broker's own words any resource alarm and any producer or
 * connection its flow control holds back; {@code held}: the messages each destination held (those
 * holding any); {@code note}: what the counts' source adds (where each count came from, which counters had not
 * caught up; {@code null}: nothing). {@code -1}:
 * a figure this broker does not give, or that had not settled.
 */
public record BrokerReading(long enqueued, long dequeued, long dispatched, long blockedSends, long inFlight,
                            long remaining, List<String> alarms, List<String> flowControl, Map<String, Long> held,
                            String note) {

    public BrokerReading {
        alarms = List.copyOf(alarms);
        flowControl = List.copyOf(flowControl);
        held = held == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(held));
    }

    public BrokerReading(long enqueued, long dequeued, long dispatched, long blockedSends, long inFlight,
                         long remaining, List<String> alarms, List<String> flowControl) {
        this(enqueued, dequeued, dispatched, blockedSends, inFlight, remaining, alarms, flowControl, Map.of(), null);
    }

    /** This reading with the messages each destination held ({@code held}: by destination, those holding any). */
    BrokerReading withHeld(Map<String, Long> held) {
        return new BrokerReading(enqueued, dequeued, dispatched, blockedSends, inFlight, remaining, alarms,
                flowControl, held, note);
    }

    /**
     * This reading's counters as far as they settled ({@code -1} for the others), {@code note} saying
     * where each count came from and which did not settle, and why.
     */
    BrokerReading partly(boolean in, boolean out, String note) {
        return new BrokerReading(in ? enqueued : -1, out ? dequeued : -1, out ? dispatched : -1, blockedSends,
                inFlight, remaining, alarms, flowControl, held, note);
    }

    /** Readings are equal when their figures are: what each destination held, and the note, annotate them. */
    @Override
    public boolean equals(Object o) {
        return o instanceof BrokerReading r && sameCounts(r) && blockedSends == r.blockedSends
                && alarms.equals(r.alarms) && flowControl.equals(r.flowControl);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(enqueued, dequeued, dispatched, blockedSends, inFlight, remaining, alarms,
                flowControl);
    }

    /** The counters only, to tell whether the broker's statistics still move. */
    boolean sameCounts(BrokerReading other) {
        return enqueued == other.enqueued && dequeued == other.dequeued && dispatched == other.dispatched
                && inFlight == other.inFlight && remaining == other.remaining;
    }
}
