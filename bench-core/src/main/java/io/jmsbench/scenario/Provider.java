package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** The JMS client library and wire protocol the clients use. */
public enum Provider {
    /** ActiveMQ Classic's own client, OpenWire protocol. */
    OPENWIRE,
    /** Qpid JMS, AMQP 1.0. */
    AMQP,
    /** Artemis's own JMS client, its CORE protocol: ActiveMQ Classic has no CORE acceptor. */
    CORE,
    /** RabbitMQ's JMS client, AMQP 0-9-1: RabbitMQ only. */
    RABBITMQ_JMS;

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
