package io.jmsbench.report;

import io.jmsbench.protocol.AgentRole;

/**
 * An agent's wall clock against the controller's, estimated from the fastest of several round
 * trips (NTP's way): {@code offset} is agent minus controller, {@code uncertainty} half that round
 * trip. {@code applied}: whether the agent's clients corrected their timestamps by it (remote
 * agents); local agents read the controller's own clock. {@code role} tells a sender's clock from
 * a receiver's: a latency spans one of each.
 */
public record ClockOffset(String agent, AgentRole role, double offsetMicros, double uncertaintyMicros,
                          boolean applied) {
}
