package io.jmsbench.scenario.read;

import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublisherSpec;

/**
 * The combinations {@code publishers.connections} refuses, each with its reason: clients that share
 * connections are sent for by a few scheduler threads, so each must have a due time for every
 * message, send it without a transaction, and be counted in sums per group.
 */
final class PublisherConnectionRules {

    static final String POINTER = "/publishers/connections";

    private PublisherConnectionRules() {
    }

    static void check(Fields root, PublisherSpec publishers, DeliverySpec delivery, MessageSpec message) {
        if (!publishers.sharesConnections()) {
            return;
        }
        if (publishers.connections() > publishers.clients()) {
            root.problemAt(POINTER, "expected at most one connection per client (" + publishers.clients()
                    + " clients), found " + publishers.connections());
        }
        if (publishers.saturated()) {
            root.problemAt(POINTER, "expected connections only with a fixed rate, a rate profile or sustainable "
                    + "(a saturated client sends on a thread of its own, as without connections), found rate: max");
        }
        if (delivery.transacted()) {
            root.problemAt(POINTER, "expected connections only without transactions (the shared scheduler sends "
                    + "each message on its own; a commit would hold one of its few threads), found ack: transacted");
        }
        if (message.sizeVaries()) {
            root.problemAt(POINTER, "expected connections only with one message size (shared clients are counted "
                    + "in sums per group, and a size that varies is told apart per client), found message sizes "
                    + "that vary");
        }
        if (publishers.faults() != null) {
            root.problemAt(POINTER, "expected connections only without the publishers' fault hook, found faults");
        }
    }
}
