package io.jmsbench.scenario;

/**
 * A group of identical subscribers: {@code clients} connections, each with its own session and a
 * consumer with the same {@code selector} ({@code null}: no filter).
 */
public record SubscriberGroup(int clients, String selector) {
}
