package io.jmsbench.protocol;

/** {@code GET /info}: who answers on this agent address. */
public record AgentInfo(AgentRole role, String version, HostFacts host, JvmFacts jvm) {
}
