package io.jmsbench.subscriber;

import io.jmsbench.protocol.SubscriberFaults;

/**
 * The test hook's faults ({@link SubscriberFaults}) around a {@link Recording}: a consumer that
 * receives and acknowledges every message but leaves every {@code dropEvery}-th out of its receipts
 * (the audit must call it lost), and records every {@code repeatEvery}-th twice (a duplicate).
 * Counted by this subscriber's receipts, from 1; the delivery thread only.
 */
final class FaultyRecording implements Recording {

    private final Recording recording;
    private final SubscriberFaults faults;
    private long receipts;

    FaultyRecording(Recording recording, SubscriberFaults faults) {
        this.recording = recording;
        this.faults = faults;
    }

    @Override
    public void record(int publisher, long sequence, boolean redelivery, boolean resend) {
        receipts++;
        if (faults.dropEvery() > 0 && receipts % faults.dropEvery() == 0) {
            return;
        }
        recording.record(publisher, sequence, redelivery, resend);
        if (faults.repeatEvery() > 0 && receipts % faults.repeatEvery() == 0) {
            recording.record(publisher, sequence, redelivery, resend);
        }
    }
}
