package io.jmsbench.scenario;

import java.util.Locale;

/** What a scheduled fault does to the broker. */
public enum FaultAction {
    /** SIGSTOP the embedded broker's JVM, SIGCONT it after {@code downFor}: every connection stays open. */
    PAUSE_BROKER,
    /** SIGKILL the broker's JVM, start it again on the same store and ports after {@code downFor}. */
    KILL_BROKER,
    /** Stop the broker cleanly (SIGTERM), start it again on the same store and ports after {@code downFor}. */
    RESTART_BROKER;

    /** Whether the broker's connections are lost, so that clients must reconnect (failover). */
    public boolean dropsConnections() {
        return this != PAUSE_BROKER;
    }

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
