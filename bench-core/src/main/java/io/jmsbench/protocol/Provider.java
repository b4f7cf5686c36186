package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** The JMS client library an agent's clients use, and with it the wire protocol to the broker. */
public enum Provider {
    /** ActiveMQ Classic's own client, OpenWire protocol. */
    OPENWIRE,
    /** Qpid JMS, AMQP 1.0. */
    AMQP,
    /** Artemis's own JMS client (artemis-jakarta-client), CORE protocol. */
    CORE,
    /** RabbitMQ's JMS client, AMQP 0-9-1: RabbitMQ only. */
    RABBITMQ_JMS;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
