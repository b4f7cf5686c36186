package io.jmsbench.run;

/**
 * The client URL of a point whose faults drop the broker's connections: ActiveMQ's failover
 * transport around the broker's own, reconnecting every 100 ms to 1 s for about a minute. A send
 * waits for the broker at most {@value #SEND_TIMEOUT_MS} ms, then fails (a send error the report
 * counts), so no client waits for a broker that does not come back.
 */
final class Failover {

    static final int SEND_TIMEOUT_MS = 30_000;
    private static final int RECONNECT_ATTEMPTS = 60;

    private Failover() {
    }

    static String openwire(String url) {
        return "failover:(" + url + ")?initialReconnectDelay=100&maxReconnectDelay=1000&useExponentialBackOff=true"
                + "&maxReconnectAttempts=" + RECONNECT_ATTEMPTS + "&startupMaxReconnectAttempts=0&timeout="
                + SEND_TIMEOUT_MS;
    }
}
