package io.jmsbench.jms;

import io.jmsbench.protocol.DestinationPlan.DestinationType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RabbitMqAmqpAddressesTest {

    @Test
    void topicsAndQueuesGetThePluginsPrefixes() {
        assertEquals("/topic/bench.t.0", RabbitMqAmqpAddresses.of(DestinationType.TOPIC, "bench.t.0"));
        assertEquals("/queue/orders", RabbitMqAmqpAddresses.of(DestinationType.QUEUE, "orders"));
    }

    @Test
    void anAddressTheScenarioGaveIsLeftAlone() {
        assertEquals("/exchange/amq.fanout", RabbitMqAmqpAddresses.of(DestinationType.TOPIC, "/exchange/amq.fanout"));
    }
}
