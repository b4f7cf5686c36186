package io.jmsbench.publisher;

import io.jmsbench.agent.Parallel;
import io.jmsbench.jms.BrokerRefusal;
import io.jmsbench.jms.ConnectionLosses;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The connections the clients of a {@link ScheduledPublisherPool} share: client {@code i} uses
 * connection {@code i mod size}, opened by the first of its clients to connect. What happens to a
 * connection is counted as it would be for each client with a connection of its own: a loss and a
 * reconnection by every client on it, an error once, by the first client on it (so that errors
 * are not multiplied by the clients sharing it). The refusal heard is kept, in the broker's words,
 * for the clients that failed.
 */
final class SharedConnections {

    private final ConnectionFactory factory;
    private final long clockOffset;
    private final Slot[] slots;

    SharedConnections(ConnectionFactory factory, int size, long clockOffset) {
        this.factory = factory;
        this.clockOffset = clockOffset;
        this.slots = new Slot[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new Slot();
        }
    }

    int size() {
        return slots.length;
    }

    /** The slot of client {@code index} of the pool. */
    int slotOf(int index) {
        return index % slots.length;
    }

    /** Connection {@code slot}, opened and started now if none of its clients opened it yet; {@code counter} hears of it. */
    Connection connection(int slot, ClientCounter counter) throws JMSException {
        return slots[slot].open(counter);
    }

    /** The broker's words when it refused or closed something on connection {@code slot}; {@code null}: it did not. */
    String refusal(int slot) {
        return slots[slot].refusal.words();
    }

    /** Closes every connection (and with it every client's session) within {@code timeout}; returns what failed. */
    List<Parallel.Failure> closeAll(Duration timeout) {
        return Parallel.forEach(List.of(slots), timeout, "close", Slot::close);
    }

    private long controllerMillis() {
        return (EpochClock.nanos() - clockOffset) / 1_000_000;
    }

    private final class Slot {
        private final BrokerRefusal refusal = new BrokerRefusal();
        private final List<ClientCounter> counters = new CopyOnWriteArrayList<>();
        private Connection connection;

        synchronized Connection open(ClientCounter counter) throws JMSException {
            if (connection == null) {
                refusal.connecting();
                try {
                    connection = connect();
                } catch (JMSException | RuntimeException e) {
                    refusal.heard(e);
                    throw e;
                } finally {
                    refusal.connected();
                }
            }
            counters.add(counter);
            return connection;
        }

        private Connection connect() throws JMSException {
            Connection c = factory.createConnection();
            try {
                c.setExceptionListener(e -> {
                    refusal.heard(e);
                    firstError(e);
                });
                ConnectionLosses.watch(c, new ConnectionLosses.Listener() {
                    @Override
                    public void lost() {
                        long at = controllerMillis();
                        counters.forEach(counter -> counter.connectionLost(at));
                    }

                    @Override
                    public void restored() {
                        long at = controllerMillis();
                        counters.forEach(counter -> counter.reconnected(at));
                    }

                    @Override
                    public void closedByBroker(Throwable cause) {
                        refusal.heard(cause);
                        firstError(cause);
                    }
                });
                c.start();
                return c;
            } catch (JMSException | RuntimeException e) {
                c.close();
                throw e;
            }
        }

        private void firstError(Throwable cause) {
            for (ClientCounter counter : counters) { // a snapshot: close() may clear the list meanwhile
                counter.error(cause);
                return;
            }
        }

        synchronized void close() throws JMSException {
            Connection c = connection;
            connection = null;
            counters.clear();
            if (c != null) {
                c.close();
            }
        }
    }
}
