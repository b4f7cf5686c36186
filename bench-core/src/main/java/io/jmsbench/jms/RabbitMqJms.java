package io.jmsbench.jms;

import com.rabbitmq.client.SocketConfigurators;
import com.rabbitmq.jms.admin.RMQConnectionFactory;
import io.jmsbench.Versions;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.TlsPlan;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;

import javax.net.ssl.SSLSocket;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code rabbitmq-jms} provider: RabbitMQ's own JMS client over AMQP 0-9-1, with every
 * blocking call bounded. Its AMQP client would otherwise reconnect forever after a broker restart
 * (automatic recovery is on by default) and wait 15 s for listeners on close.
 */
final class RabbitMqJms {

    /** Between the broker's heartbeats: a dead connection is noticed within two of them. */
    static final int HEARTBEAT_SECONDS = 10;
    /** AMQP over TLS, RabbitMQ's and the URI scheme's usual port. */
    static final int TLS_PORT = 5671;
    static final int ON_MESSAGE_TIMEOUT_MS = ConnectionFactories.REQUEST_TIMEOUT_MS;

    private RabbitMqJms() {
    }

    /**
     * For responders: a reply goes to the request's JMSReplyTo as it is, undeclared. By default the
     * client declares that queue first, and a requester's temporary queue is exclusive to the
     * requester's connection: the broker refuses the declaration (RESOURCE_LOCKED) and closes the channel.
     */
    static void answerWithoutDeclaring(ConnectionFactory factory) {
        ((RMQConnectionFactory) factory).setDeclareReplyToDestination(false);
    }

    /** {@code url}: {@code amqp://host:port} or {@code amqp://host:port/vhost} (RabbitMQ's URI form). */
    static ConnectionFactory factory(String url, BrokerCredentials credentials, TlsPlan tls) {
        RMQConnectionFactory factory = new RMQConnectionFactory();
        try {
            factory.setUri(tls == null ? url : plainScheme(url));
        } catch (JMSException e) {
            throw new JMSRuntimeException("not a RabbitMQ URI: " + url + " (" + e.getMessage() + ")");
        }
        if (credentials != null) {
            factory.setUsername(credentials.user());
            factory.setPassword(credentials.password());
        }
        if (tls != null) {
            factory.useSslProtocol(TlsClients.context(tls));
            factory.setHostnameVerification(tls.verifyHost());
        }
        factory.setTerminationTimeout(ConnectionFactories.CLOSE_TIMEOUT_MS);
        // rabbitmq-jms interrupts a listener call that takes longer and closes the consumer's channel:
        // at its 2 s default, a subscriber on a starved shared host (load 30 on 2 cores) died mid-run
        // and every message queued for it counted as lost. The counting listener never blocks, so only
        // starvation makes a call slow, and that is measured, not a reason to drop the subscriber.
        factory.setOnMessageTimeoutMs(ON_MESSAGE_TIMEOUT_MS);
        factory.setAmqpConnectionFactoryPostProcessor(amqp -> {
            amqp.setConnectionTimeout(ConnectionFactories.CONNECT_TIMEOUT_MS);
            amqp.setHandshakeTimeout(ConnectionFactories.CONNECT_TIMEOUT_MS);
            amqp.setShutdownTimeout(ConnectionFactories.CLOSE_TIMEOUT_MS);
            amqp.setChannelRpcTimeout(ConnectionFactories.REQUEST_TIMEOUT_MS);
            amqp.setRequestedHeartbeat(HEARTBEAT_SECONDS);
            // a lost connection fails the point and says so, rather than reconnecting behind its back
            amqp.setAutomaticRecoveryEnabled(false);
            amqp.setTopologyRecoveryEnabled(false);
            if (tls != null && !tls.protocols().isEmpty()) {
                String[] protocols = tls.protocols().toArray(String[]::new);
                amqp.setSocketConfigurator(SocketConfigurators.defaultConfigurator().andThen(socket -> {
                    if (socket instanceof SSLSocket ssl) {
                        ssl.setEnabledProtocols(protocols);
                    }
                }));
            }
        });
        return factory;
    }

    /**
     * {@code amqps://} as {@code amqp://} on the same port (5671 when it names none). For amqps, the
     * AMQP client's setUri makes a trust-everything manager and logs "SECURITY ALERT: this trust
     * manager trusts every certificate" on every run, although the plan's own context replaces it
     * before any connection; TLS comes from the plan alone ({@code useSslProtocol}).
     */
    static String plainScheme(String url) {
        if (!url.startsWith("amqps://")) {
            return url;
        }
        String rest = url.substring("amqps://".length());
        int end = rest.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = rest.indexOf(c);
            if (i >= 0) {
                end = Math.min(end, i);
            }
        }
        String authority = rest.substring(0, end);
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
        boolean port = hostPort.startsWith("[") ? hostPort.contains("]:") : hostPort.contains(":");
        return "amqp://" + authority + (port ? "" : ":" + TLS_PORT) + rest.substring(end);
    }

    static Map<String, String> settings(DeliveryPlan delivery) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("client", "rabbitmq-jms " + Versions.RABBITMQ_JMS);
        s.put("connectionTimeout", ConnectionFactories.CONNECT_TIMEOUT_MS + "ms");
        s.put("handshakeTimeout", ConnectionFactories.CONNECT_TIMEOUT_MS + "ms");
        s.put("channelRpcTimeout", ConnectionFactories.REQUEST_TIMEOUT_MS + "ms");
        s.put("shutdownTimeout", ConnectionFactories.CLOSE_TIMEOUT_MS + "ms");
        s.put("terminationTimeout", ConnectionFactories.CLOSE_TIMEOUT_MS + "ms");
        s.put("requestedHeartbeat", HEARTBEAT_SECONDS + "s");
        s.put("automaticRecovery", "false");
        s.put("onMessageTimeout", ON_MESSAGE_TIMEOUT_MS + "ms");
        s.put("channelsQos", "unlimited (the client's default prefetch)");
        s.put("sendMode", sendMode(delivery));
        return s;
    }

    /**
     * rabbitmq-jms publishes with basic.publish and asks for no publisher confirms: a persistent send
     * returns before the broker has the message, unlike the other providers. asyncSend changes nothing.
     */
    private static String sendMode(DeliveryPlan delivery) {
        if (delivery.transacted()) {
            return "transacted: basic.publish, tx.commit every " + delivery.transactionSize() + " synchronous";
        }
        return "asynchronous (basic.publish without publisher confirms, " + (delivery.persistent()
                ? "persistent)" : "non-persistent)");
    }
}
