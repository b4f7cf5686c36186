package io.jmsbench.protocol;

/** {@code GET /info}: who answers on this agent address. */
public record AgentInfo(String role, String version, HostFacts host, JvmFacts jvm) {
}
