package io.jmsbench.broker;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.BrokerTuning;

import java.nio.file.Path;

/**
 * A broker {@code jmsbench broker} serves: its client URL per protocol, {@code null} for a protocol it
 * has no acceptor for. Stopped by {@link #close}.
 */
public interface ServedBroker extends AutoCloseable {

    String openwireUrl();

    String amqpUrl();

    String coreUrl();

    /** The version of the broker's own library. */
    String version();

    /** The broker's own message counts over the destinations the clients used, read when it stops. */
    BrokerCounts counts() throws Exception;

    /** Its limits and what its destinations hold now, for a stall to be explained. */
    BrokerState state() throws Exception;

    /** Starts the broker named by a scenario's {@code embedded} ({@link BrokerSpec#ACTIVEMQ} or {@link BrokerSpec#ARTEMIS}). */
    static ServedBroker start(String kind, String host, Path dataDirectory, boolean persistent, BrokerTuning tuning,
                              BrokerPorts ports, boolean persistRedelivered) throws Exception {
        return start(kind, host, dataDirectory, persistent, tuning, ports, persistRedelivered, null);
    }

    /** As above, with TLS on every connector as {@code tls} says ({@code null}: none). */
    static ServedBroker start(String kind, String host, Path dataDirectory, boolean persistent, BrokerTuning tuning,
                              BrokerPorts ports, boolean persistRedelivered, ServerTls tls) throws Exception {
        return switch (kind) {
            case BrokerSpec.ACTIVEMQ -> new EmbeddedBroker(host, dataDirectory, persistent, tuning, ports,
                    persistRedelivered, tls);
            case BrokerSpec.ARTEMIS -> EmbeddedArtemis.start(host, dataDirectory, persistent, tuning, ports,
                    persistRedelivered, tls);
            default -> throw new IllegalArgumentException("no embedded broker named '" + kind + "'");
        };
    }
}
