package io.jmsbench.protocol;

/**
 * One client of a pool: its id in reports, its selector ({@code null}: none, always for
 * publishers) and the name of the destination it uses (clients are spread over the destinations).
 */
public record ClientPlan(String id, String selector, String destination) {
}
