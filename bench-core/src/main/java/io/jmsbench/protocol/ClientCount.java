package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * Cumulative counts of one client since it connected: messages sent or received, errors, the last
 * error, and when its connection was lost and restored by its failover transport (epoch
 * milliseconds on the controller's clock; the first {@value #MOMENTS} of each).
 *
 * <p>{@code clients}: how many clients the count stands for, summed ({@code null}: this one client,
 * and left out of the JSON). A pool of many clients sends one such sum per publisher group in its
 * per-second counters, named by the group's first client, so a sample stays small; its final counts
 * are per client again ({@link #of}).
 */
public record ClientCount(String client, long messages, long errors, String lastError, List<Long> connectionLostAt,
                          List<Long> reconnectedAt, @JsonInclude(JsonInclude.Include.NON_NULL) Integer clients) {

    public static final int MOMENTS = 100;

    public ClientCount {
        connectionLostAt = connectionLostAt == null ? List.of() : List.copyOf(connectionLostAt);
        reconnectedAt = reconnectedAt == null ? List.of() : List.copyOf(reconnectedAt);
    }

    public ClientCount(String client, long messages, long errors, String lastError, List<Long> connectionLostAt,
                       List<Long> reconnectedAt) {
        this(client, messages, errors, lastError, connectionLostAt, reconnectedAt, null);
    }

    /** How many clients this count stands for: 1 unless it is a sum. */
    public int clientCount() {
        return clients == null ? 1 : clients;
    }

    /**
     * The sum of {@code counts} (at least one), named by the first: messages and errors added, the
     * last error of the last that had one, the earliest {@value #MOMENTS} connection moments of all.
     */
    public static ClientCount of(List<ClientCount> counts) {
        long messages = 0;
        long errors = 0;
        String lastError = null;
        int clients = 0;
        List<Long> lost = new ArrayList<>();
        List<Long> restored = new ArrayList<>();
        for (ClientCount c : counts) {
            messages += c.messages;
            errors += c.errors;
            lastError = c.lastError != null ? c.lastError : lastError;
            clients += c.clientCount();
            lost.addAll(c.connectionLostAt);
            restored.addAll(c.reconnectedAt);
        }
        return new ClientCount(counts.get(0).client, messages, errors, lastError, earliest(lost), earliest(restored),
                clients);
    }

    private static List<Long> earliest(List<Long> moments) {
        return moments.stream().sorted().limit(MOMENTS).toList();
    }

    /** A client whose connection was never lost. */
    public ClientCount(String client, long messages, long errors, String lastError) {
        this(client, messages, errors, lastError, List.of(), List.of());
    }
}
