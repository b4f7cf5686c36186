package io.jmsbench.protocol;

/** Cumulative counts of one client since it connected: messages sent or received, errors, the last error. */
public record ClientCount(String client, long messages, long errors, String lastError) {
}
