package io.jmsbench.jms;

import io.jmsbench.protocol.DestinationPlan.DestinationType;

/**
 * The addresses RabbitMQ 3's AMQP 1.0 plugin understands (its "v1" format): {@code /queue/NAME}
 * sends to and consumes from the queue NAME, declaring it; {@code /topic/NAME} publishes to the
 * {@code amq.topic} exchange with routing key NAME and subscribes through a queue of the link's own
 * bound with that key, so that every subscriber gets a copy. What the plugin makes of a bare name, as
 * ActiveMQ takes it, is not documented. A name that already starts with {@code /} is the scenario's
 * own address and is left alone.
 */
public final class RabbitMqAmqpAddresses {

    private RabbitMqAmqpAddresses() {
    }

    public static String of(DestinationType type, String name) {
        if (name.startsWith("/")) {
            return name;
        }
        return (type == DestinationType.TOPIC ? "/topic/" : "/queue/") + name;
    }
}
