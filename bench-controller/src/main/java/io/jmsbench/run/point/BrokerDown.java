package io.jmsbench.run.point;

/** The point's gauges found the broker gone (its process died): the message is theirs. */
final class BrokerDown extends Exception {

    BrokerDown(String message) {
        super(message);
    }
}
