package io.jmsbench.run;

import io.jmsbench.scenario.Provider;

/**
 * The client URL of a point whose faults drop the broker's connections: the provider's failover
 * transport around the broker's own URL, reconnecting every 100 ms to 1 s for about a minute. A
 * send waits for the broker at most {@value #SEND_TIMEOUT_MS} ms, then fails (a send error the
 * report counts), so no client waits for a broker that does not come back.
 */
final class Failover {

    static final int SEND_TIMEOUT_MS = 30_000;
    private static final int RECONNECT_ATTEMPTS = 60;

    private Failover() {
    }

    /** {@code url} wrapped for {@code provider}; only OpenWire and AMQP have a failover transport here. */
    static String url(Provider provider, String url) {
        return switch (provider) {
            case OPENWIRE -> openwire(url);
            case AMQP -> amqp(url);
            default -> throw new IllegalArgumentException("no failover transport for provider " + provider.yamlName());
        };
    }

    /** ActiveMQ's failover transport; its {@code timeout} bounds a send made while it reconnects. */
    static String openwire(String url) {
        return "failover:(" + url + ")?initialReconnectDelay=100&maxReconnectDelay=1000&useExponentialBackOff=true"
                + "&maxReconnectAttempts=" + RECONNECT_ATTEMPTS + "&startupMaxReconnectAttempts=0&timeout="
                + SEND_TIMEOUT_MS;
    }

    /**
     * Qpid JMS's failover transport; a send while it reconnects is bounded by the factory's send
     * timeout (the same {@value #SEND_TIMEOUT_MS} ms), which holds across reconnects.
     */
    static String amqp(String url) {
        return "failover:(" + url + ")?failover.initialReconnectDelay=100&failover.reconnectDelay=100"
                + "&failover.maxReconnectDelay=1000&failover.useReconnectBackOff=true&failover.maxReconnectAttempts="
                + RECONNECT_ATTEMPTS + "&failover.startupMaxReconnectAttempts=1";
    }
}
