package io.jmsbench.jms;

/**
 * The one mapping of the scenario's provider to the provider the JMS layer and the wire take: an
 * exhaustive switch, so a scenario constant added without a wire value does not compile, rather than
 * travelling as whatever its name happens to be.
 */
public final class Providers {

    private Providers() {
    }

    public static io.jmsbench.protocol.Provider wire(io.jmsbench.scenario.Provider provider) {
        return switch (provider) {
            case OPENWIRE -> io.jmsbench.protocol.Provider.OPENWIRE;
            case AMQP -> io.jmsbench.protocol.Provider.AMQP;
            case CORE -> io.jmsbench.protocol.Provider.CORE;
            case RABBITMQ_JMS -> io.jmsbench.protocol.Provider.RABBITMQ_JMS;
        };
    }
}
