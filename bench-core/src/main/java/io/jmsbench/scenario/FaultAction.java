package io.jmsbench.scenario;

import java.util.Locale;

/** What a scheduled fault does to the broker. */
public enum FaultAction {
    /** SIGSTOP the embedded broker's JVM, SIGCONT it after {@code downFor}: every connection stays open. */
    PAUSE_BROKER,
    /** SIGKILL the broker's JVM, start it again on the same store and ports after {@code downFor}. */
    KILL_BROKER,
    /** Stop the broker cleanly (SIGTERM), start it again on the same store and ports after {@code downFor}. */
    RESTART_BROKER,
    /**
     * Take a network link of the controller's machine down ({@code ip link set LINK down}), up again
     * after {@code downFor}: in the namespace testbed, a host's cable pulled. Any broker.
     */
    PARTITION;

    /** Whether the broker's connections may be lost, so that clients must be able to reconnect (failover). */
    public boolean dropsConnections() {
        return this != PAUSE_BROKER;
    }

    /** Whether it acts on the broker's process, which must then be the embedded broker jmsbench started. */
    public boolean needsBrokerProcess() {
        return this != PARTITION;
    }

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
