package io.jmsbench.protocol;

/**
 * Why a monitor agent could not measure the broker's process on its host. The controller turns it
 * into a sentence ({@link #describe}); nothing parses a sentence back.
 */
public enum BrokerProcessMissing {
    /** The monitor was given no port: no {@code --broker-port}, and no broker URL with a port yet. */
    NO_PORT,
    /** /proc/net/tcp cannot be read: no procfs (not Linux), or it is hidden from the monitor. */
    PROC_UNREADABLE,
    /**
     * No socket listens on the port in the monitor's network namespace: another host, another port,
     * or a broker in a container or pod with a network namespace of its own.
     */
    NOT_LISTENING,
    /** A socket listens on the port, but no process the monitor may read holds it: another user's, without root. */
    OTHER_USER;

    /** What the monitor found, for a finding: "no process listens on port 61616 on its host". */
    public String describe(int port) {
        return switch (this) {
            case NO_PORT -> "it was given no port (no --broker-port, and the broker URL names none)";
            case PROC_UNREADABLE -> "it cannot read /proc/net/tcp on its host";
            case NOT_LISTENING -> "no process listens on port " + port + " on its host (run it on the broker's host, "
                    + "or give it --broker-port when the URL's port is not the one the broker listens on)";
            case OTHER_USER -> "the process listening on port " + port + " belongs to another user (run the monitor "
                    + "as the broker's user or as root)";
        };
    }
}
