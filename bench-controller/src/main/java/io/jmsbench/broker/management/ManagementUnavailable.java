package io.jmsbench.broker.management;

/** The broker's management interface could not be read; the message says why, in one sentence. */
public final class ManagementUnavailable extends Exception {

    public ManagementUnavailable(String message) {
        super(message);
    }
}
