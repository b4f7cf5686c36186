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

    private ConnectionLosses() {
    }

    public static void watch(Connection connection, Listener listener) {
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
            qpid.addConnectionListener(new JmsConnectionListener() {
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
            });
        }
    }
}
