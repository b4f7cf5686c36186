package io.jmsbench.agent;

import io.jmsbench.protocol.ClientCount;

/** One JMS client of a pool: its own connection and session, connected and closed by the pool. */
public interface PooledClient {

    String id();

    /** Opens the connection, session and producer or consumer; blocks until the broker has them. */
    void connect() throws Exception;

    ClientCount count();

    /** The broker's words when it refused or closed one of this client's resources; {@code null}: it did not. */
    default String refusal() {
        return null;
    }

    /** Closes the connection; safe to call more than once and from another thread. */
    void close() throws Exception;
}
