package io.jmsbench.protocol;

import java.util.List;

/**
 * Cumulative counts of one client since it connected: messages sent or received, errors, the last
 * error, and when its connection was lost and restored by its failover transport (epoch
 * milliseconds on the controller's clock; the first {@value #MOMENTS} of each).
 */
public record ClientCount(String client, long messages, long errors, String lastError, List<Long> connectionLostAt,
                          List<Long> reconnectedAt) {

    public static final int MOMENTS = 100;

    public ClientCount {
        connectionLostAt = connectionLostAt == null ? List.of() : List.copyOf(connectionLostAt);
        reconnectedAt = reconnectedAt == null ? List.of() : List.copyOf(reconnectedAt);
    }

    /** A client whose connection was never lost. */
    public ClientCount(String client, long messages, long errors, String lastError) {
        this(client, messages, errors, lastError, List.of(), List.of());
    }
}
