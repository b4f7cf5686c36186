package io.jmsbench.broker;

/** The broker could not be started or reached; the message is one sentence for the user. */
public final class BrokerUnavailable extends Exception {

    public BrokerUnavailable(String message) {
        super(message);
    }
}
