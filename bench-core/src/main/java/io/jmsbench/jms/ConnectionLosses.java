package io.jmsbench.jms;

import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.transport.DefaultTransportListener;
import org.apache.qpid.jms.JmsConnection;
import org.apache.qpid.jms.JmsConnectionListener;
import org.apache.qpid.jms.message.JmsInboundMessageDispatch;

import java.io.IOException;
import java.net.URI;
import java.util.function.Consumer;

/**
 * Tells a client when its connection is lost and its failover transport starts reconnecting, and
 * when it is back: ActiveMQ's transport listener and Qpid JMS's connection listener, called on the
 * provider's own threads. The other providers do not reconnect here, so a lost connection ends
 * their point. Qpid JMS's listener also hears of every session, producer and consumer the broker
 * closes, with the broker's condition and description: {@link Listener#closedByBroker}.
 *
 * <p>Qpid JMS hands every message a connection receives to each of its connection listeners, as a
 * task on its connection executor: about 4.5 µs of a second thread's CPU per message at 10,000 msgs/s,
 * 9% of what a received AMQP message costs the client otherwise (docs/performance.md). A subscriber's connection that does not
 * fail over therefore stops listening once its consumers are open ({@link Watch#receiving}): what the
 * listener is for there is a broker that refuses while the client opens (RabbitMQ ends a session
 * whose queue it cannot declare, and Qpid JMS tells no one else); a connection it loses later reaches
 * the exception listener, and a consumer it closes later shows as a subscriber that stops receiving.
 */
public final class ConnectionLosses {

    /** What a client does when its connection is lost and when it is restored. */
    public interface Listener {
        void lost();

        void restored();

        /**
         * The broker closed a session, a producer or a consumer: {@code cause} says why. (A connection
         * it closes goes to the connection's exception listener.)
         */
        default void closedByBroker(Throwable cause) {
        }
    }

    /** What was registered on a connection. */
    public interface Watch {
        /**
         * The client's consumers are open and it is about to receive: a Qpid JMS connection that does not
         * fail over stops listening, which would cost it a task per message received.
         */
        void receiving();
    }

    private static final Watch NOTHING_TO_DROP = () -> { };

    private ConnectionLosses() {
    }

    public static Watch watch(Connection connection, Listener listener) {
        Runnable lost = listener::lost;
        Runnable restored = listener::restored;
        Consumer<Throwable> closed = cause -> {
            if (cause != null) {
                listener.closedByBroker(cause);
            }
        };
        if (connection instanceof ActiveMQConnection activemq) {
            activemq.addTransportListener(new DefaultTransportListener() {
                @Override
                public void transportInterupted() {
                    lost.run();
                }

                @Override
                public void transportResumed() {
                    restored.run();
                }

                @Override
                public void onException(IOException error) {
                    lost.run();
                }
            });
        } else if (connection instanceof JmsConnection qpid) {
            JmsConnectionListener heard = new JmsConnectionListener() {
                @Override
                public void onConnectionInterrupted(URI remote) {
                    lost.run();
                }

                @Override
                public void onConnectionEstablished(URI remote) {
                }

                @Override
                public void onConnectionFailure(Throwable error) {
                    lost.run();
                }

                @Override
                public void onConnectionRestored(URI remote) {
                    restored.run();
                }

                @Override
                public void onInboundMessage(JmsInboundMessageDispatch envelope) {
                }

                @Override
                public void onSessionClosed(Session session, Throwable cause) {
                    closed.accept(cause);
                }

                @Override
                public void onConsumerClosed(MessageConsumer consumer, Throwable cause) {
                    closed.accept(cause);
                }

                @Override
                public void onProducerClosed(MessageProducer producer, Throwable cause) {
                    closed.accept(cause);
                }
            };
            qpid.addConnectionListener(heard);
            return () -> {
                if (!failsOver(qpid)) {
                    qpid.removeConnectionListener(heard);
                }
            };
        }
        return NOTHING_TO_DROP;
    }

    private static boolean failsOver(JmsConnection qpid) {
        URI uri = qpid.getConfiguredURI();
        return uri != null && "failover".equalsIgnoreCase(uri.getScheme());
    }
}
