package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What an external broker is, where the scenario says so ({@code broker: {url: ..., kind: ...}}): it
 * decides the addresses the AMQP clients use and what the scenario may ask of the broker
 * ({@code read.BrokerLimits}).
 */
public enum BrokerKind {
    /** RabbitMQ 3.x: AMQP 0-9-1 (rabbitmq-jms) and its AMQP 1.0 plugin (amqp). */
    RABBITMQ,
    /** ActiveMQ Classic 5.x or 6.x. */
    ACTIVEMQ,
    /** ActiveMQ Artemis. */
    ARTEMIS;

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
