package io.jmsbench.protocol;

/**
 * A test hook that makes a subscriber's audit miss or double messages on purpose, so that tests can
 * prove the audit catches a consumer that does: of the messages it receives (and acknowledges), every
 * {@code dropEvery}-th is not recorded as received, and every {@code repeatEvery}-th is recorded twice,
 * as a message acknowledged twice and given again would be. Counted by the subscriber's own
 * receipts, from 1. 0: never.
 */
public record SubscriberFaults(int dropEvery, int repeatEvery) {

    /** Whether {@code faults} asks for any ({@code null}: none). */
    public static boolean asked(SubscriberFaults faults) {
        return faults != null && (faults.dropEvery() > 0 || faults.repeatEvery() > 0);
    }
}
