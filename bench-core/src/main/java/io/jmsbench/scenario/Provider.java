package io.jmsbench.scenario;

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

    @com.fasterxml.jackson.annotation.JsonValue
    public String yamlName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
