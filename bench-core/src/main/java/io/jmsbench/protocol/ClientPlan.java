package io.jmsbench.protocol;

/** One client of a pool: its id in reports and its selector ({@code null}: none, always for publishers). */
public record ClientPlan(String id, String selector) {
}
