package io.jmsbench.report;

/**
 * An agent's wall clock against the controller's, estimated from the fastest of several round
 * trips (NTP's way): {@code offset} is agent minus controller, {@code uncertainty} half that round
 * trip. {@code applied}: whether the agent's clients corrected their timestamps by it (remote
 * agents); local agents read the controller's own clock.
 */
public record ClockOffset(String agent, double offsetMicros, double uncertaintyMicros, boolean applied) {
}
