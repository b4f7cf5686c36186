package io.jmsbench.run.faults;

/**
 * What a fault does to the embedded broker. Each returns why it could not, or {@code null}; each
 * returns once done (a start, once the broker serves again on its ports).
 */
public interface BrokerLifecycle {

    /** SIGSTOP. */
    String pause();

    /** SIGCONT. */
    String resume();

    /** SIGKILL, and its end awaited. */
    String kill();

    /** A clean stop (SIGTERM, the broker's own shutdown), its end awaited. */
    String stop();

    /** Starts the broker again on the same store and ports. */
    String start();
}
