package io.jmsbench.scenario.read;

import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Quoted;

import java.util.List;

/**
 * What a broker and provider cannot do, refused when the scenario is read: a scenario that asks for
 * it would otherwise hang, fail half-way or, worse, run and measure something else (RabbitMQ's AMQP
 * 1.0 plugin ignores a JMS selector and delivers every message).
 */
final class BrokerLimits {

    private static final String AMQP_ON_RABBITMQ = "provider amqp on RabbitMQ 3's AMQP 1.0 plugin";

    private BrokerLimits() {
    }

    static void check(Fields root, BrokerSpec broker, Provider provider, DestinationSpec destination,
                      List<SubscriberGroup> subscribers, DeliverySpec delivery) {
        BrokerKind kind = broker.kindFor(provider);
        if (provider == Provider.RABBITMQ_JMS && kind != BrokerKind.RABBITMQ) {
            if (broker.isEmbedded()) {
                root.problemAt("/provider", "expected an external RabbitMQ (broker: {url: amqp://host:5672}) with "
                        + "provider rabbitmq-jms, found the embedded " + broker.embedded());
            } else {
                root.problemAt("/broker/kind", "expected kind rabbitmq with provider rabbitmq-jms (it speaks "
                        + "RabbitMQ's AMQP 0-9-1 only), found " + kind.yamlName());
            }
        }
        if (provider == Provider.OPENWIRE && kind == BrokerKind.RABBITMQ) {
            root.problemAt("/broker/kind", "expected a kind that speaks OpenWire (activemq, artemis) with provider "
                    + "openwire, found rabbitmq (use provider rabbitmq-jms or amqp)");
        }
        if (provider == Provider.CORE && (kind == BrokerKind.RABBITMQ || kind == BrokerKind.ACTIVEMQ)
                && !broker.isEmbedded()) {
            root.problemAt("/broker/kind", "expected kind artemis with provider core (only Artemis speaks CORE), "
                    + "found " + kind.yamlName());
        }
        if (provider == Provider.RABBITMQ_JMS && destination.type() == DestinationType.QUEUE) {
            refuseFilters(root, subscribers, "provider rabbitmq-jms (it applies selectors on topics only)");
        }
        if (provider == Provider.AMQP && kind == BrokerKind.RABBITMQ) {
            refuseFilters(root, subscribers, AMQP_ON_RABBITMQ + " (it ignores JMS selectors)");
            if (delivery.durable()) {
                root.problemAt("/delivery/durable", "expected no durable subscriptions with " + AMQP_ON_RABBITMQ
                        + " (it keeps none), found durable: true");
            }
            if (delivery.ack() == AckMode.TRANSACTED) {
                root.problemAt("/delivery/ack", "expected an ack mode other than transacted with " + AMQP_ON_RABBITMQ
                        + " (it has no transactions), found ack: transacted");
            }
        }
    }

    private static void refuseFilters(Fields root, List<SubscriberGroup> subscribers, String why) {
        for (int i = 0; i < subscribers.size(); i++) {
            SubscriberGroup group = subscribers.get(i);
            if (group.selector() != null) {
                root.problemAt("/subscribers/" + i + "/selector", "expected no selector with " + why + ", found "
                        + Quoted.value(group.selector()));
            } else if (group.filter() != null) {
                root.problemAt("/subscribers/" + i + "/filter", "expected no filter with " + why + ", found one");
            }
        }
    }
}
