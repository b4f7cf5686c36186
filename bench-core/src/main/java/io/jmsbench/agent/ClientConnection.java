package io.jmsbench.agent;

import io.jmsbench.jms.BrokerRefusal;
import io.jmsbench.jms.ConnectionLosses;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;

/**
 * A client's own connection with what every client wires on it: its exception listener and its
 * loss watch ({@link ConnectionLosses}) count on the client's counter, losses and reconnections on
 * the controller's clock, and the broker's refusal is kept in its words ({@link BrokerRefusal}),
 * waking the client while it opens its sessions, producers and consumers.
 */
public final class ClientConnection {

    /** What a client opens on its new connection: sessions, producers, consumers. */
    public interface Opening {
        void open(Connection connection) throws JMSException;
    }

    private final ClientCounter counter;
    private final long clockOffset;
    private final Runnable onLost;
    private final BrokerRefusal refusal = new BrokerRefusal();
    private volatile Connection connection;
    private volatile ConnectionLosses.Watch watch;

    /**
     * For a client counting on {@code counter}, whose agent's clock is {@code clockOffsetNanos} ahead
     * of the controller's; {@code onLost} runs first when the connection is lost.
     */
    public ClientConnection(ClientCounter counter, long clockOffsetNanos, Runnable onLost) {
        this.counter = counter;
        this.clockOffset = clockOffsetNanos;
        this.onLost = onLost;
    }

    /**
     * Creates a connection from {@code factory} with {@code clientId} ({@code null}: none), wires it,
     * and has {@code opening} open the client's part on it; a failure on the way is thrown, in the
     * broker's words when it spoke ({@link #refusal}).
     */
    public Connection open(ConnectionFactory factory, String clientId, Opening opening) throws JMSException {
        refusal.connecting();
        try {
            Connection c = factory.createConnection();
            connection = c;
            if (clientId != null) {
                c.setClientID(clientId); // before anything else is done with the connection, as JMS asks
            }
            c.setExceptionListener(this::failed);
            watch = ConnectionLosses.watch(c, new ConnectionLosses.Listener() {
                @Override
                public void lost() {
                    onLost.run();
                    counter.connectionLost(controllerMillis());
                }

                @Override
                public void restored() {
                    counter.reconnected(controllerMillis());
                }

                @Override
                public void closedByBroker(Throwable cause) {
                    failed(cause);
                }
            });
            opening.open(c);
            return c;
        } catch (JMSException | RuntimeException e) {
            refusal.heard(e);
            throw e;
        } finally {
            refusal.connected();
        }
    }

    private void failed(Throwable cause) {
        counter.error(cause);
        refusal.heard(cause);
    }

    /**
     * The client's consumers are open: its connection stops listening for what costs it a task per
     * message received where it would not fail over anyway ({@link ConnectionLosses.Watch#receiving}).
     */
    public void receiving() {
        ConnectionLosses.Watch w = watch;
        if (w != null) {
            w.receiving();
        }
    }

    /** The broker's words when it refused or closed something of this client's; {@code null}: it did not. */
    public String refusal() {
        return refusal.words();
    }

    /** The connection, {@code null} before {@link #open}. */
    public Connection connection() {
        return connection;
    }

    /** Closes the connection, if one was created; safe to call from another thread and more than once. */
    public void close() throws JMSException {
        Connection c = connection;
        if (c != null) {
            c.close();
        }
    }

    /** Now, in epoch milliseconds on the controller's clock. */
    private long controllerMillis() {
        return (EpochClock.nanos() - clockOffset) / 1_000_000;
    }
}
