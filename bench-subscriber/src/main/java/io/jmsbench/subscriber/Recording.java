package io.jmsbench.subscriber;

import io.jmsbench.metrics.StreamAudits;
import io.jmsbench.protocol.SubscriberFaults;

/**
 * Where a subscriber's audited messages go: its streams, or, when a test plan asks for faults, first
 * through {@link FaultyRecording}, so that the listener does not branch on a test hook.
 */
@FunctionalInterface
interface Recording {

    /** Records sequence number {@code sequence} of publisher {@code publisher}'s stream. */
    void record(int publisher, long sequence, boolean redelivery, boolean resend);

    static Recording of(StreamAudits streams, SubscriberFaults faults) {
        Recording plain = streams::record;
        return SubscriberFaults.asked(faults) ? new FaultyRecording(plain, faults) : plain;
    }
}
