package io.jmsbench.broker;

import java.net.URI;

/**
 * The ports a broker binds, per protocol; 0: a free one. A broker started again after a fault takes
 * the ports it had, so that its clients' failover finds it where it was.
 */
public record BrokerPorts(int openwire, int amqp, int core) {

    public static final BrokerPorts ANY = new BrokerPorts(0, 0, 0);

    /** The ports {@code urls} name (0 where the broker had no acceptor for a protocol). */
    public static BrokerPorts of(BrokerUrls urls) {
        return new BrokerPorts(port(urls.openwire()), port(urls.amqp()), port(urls.core()));
    }

    private static int port(String url) {
        if (url == null) {
            return 0;
        }
        int port = URI.create(url).getPort();
        return Math.max(port, 0);
    }

    public boolean any() {
        return openwire == 0 && amqp == 0 && core == 0;
    }
}
