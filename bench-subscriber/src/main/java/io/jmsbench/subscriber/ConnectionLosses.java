package io.jmsbench.subscriber;

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

/**
 * Tells a subscriber when its connection is lost and its failover transport starts reconnecting:
 * ActiveMQ's transport listener and Qpid JMS's connection listener. The other providers do not
 * reconnect here, so a lost connection ends their point.
 */
final class ConnectionLosses {

    private ConnectionLosses() {
    }

    static void watch(Connection connection, Runnable lost) {
        if (connection instanceof ActiveMQConnection activemq) {
            activemq.addTransportListener(new DefaultTransportListener() {
                @Override
                public void transportInterupted() {
                    lost.run();
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
                }

                @Override
                public void onInboundMessage(JmsInboundMessageDispatch envelope) {
                }

                @Override
                public void onSessionClosed(Session session, Throwable cause) {
                }

                @Override
                public void onConsumerClosed(MessageConsumer consumer, Throwable cause) {
                }

                @Override
                public void onProducerClosed(MessageProducer producer, Throwable cause) {
                }
            });
        }
    }
}
