package io.jmsbench.protocol;

/** {@code GET /time}: the agent's wall clock as its clients stamp and read messages, epoch nanoseconds. */
public record AgentTime(long epochNanos) {
}
