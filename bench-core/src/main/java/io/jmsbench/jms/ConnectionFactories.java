package io.jmsbench.jms;

import io.jmsbench.Versions;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.Provider;
import jakarta.jms.ConnectionFactory;
import io.jmsbench.protocol.TlsPlan;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.qpid.jms.JmsConnectionFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provider layer: a connection factory for the plan's provider with a bound on every
 * blocking call the harness relies on (the providers' defaults mostly wait forever).
 * {@link #settings} says what was set, for the report.
 */
public final class ConnectionFactories {

    public static final int CONNECT_TIMEOUT_MS = 10_000;
    public static final int CLOSE_TIMEOUT_MS = 5_000;
    public static final int REQUEST_TIMEOUT_MS = 30_000;
    /**
     * Artemis's core client: how often it checks that the broker still answers, and how long the
     * broker keeps a silent connection. Its defaults (30 s, 60 s) would let a dead broker go unnoticed
     * for a minute; these find it within the request timeout.
     */
    public static final int CORE_FAILURE_CHECK_MS = 5_000;
    public static final int CORE_CONNECTION_TTL_MS = 15_000;

    private ConnectionFactories() {
    }

    public static ConnectionFactory create(Provider provider, String url) {
        return create(provider, url, false);
    }

    public static ConnectionFactory create(Provider provider, String url, boolean asyncSend) {
        return create(provider, url, asyncSend, null);
    }

    /** A factory whose connections log in with {@code credentials} ({@code null}: anonymous). */
    public static ConnectionFactory create(Provider provider, String url, boolean asyncSend,
                                           BrokerCredentials credentials) {
        return create(provider, url, asyncSend, credentials, null);
    }

    /**
     * As {@link #create(Provider, String, boolean, BrokerCredentials)}, over TLS as {@code tls} says
     * ({@code null}: as the URL says, with the JVM's defaults). A store that cannot be read is an
     * {@link IllegalArgumentException} in one sentence.
     */
    public static ConnectionFactory create(Provider provider, String url, boolean asyncSend,
                                           BrokerCredentials credentials, TlsPlan tls) {
        return switch (provider) {
            case OPENWIRE -> {
                ActiveMQConnectionFactory factory = openwire(url, tls);
                if (credentials != null) {
                    factory.setUserName(credentials.user());
                    factory.setPassword(credentials.password());
                }
                factory.setUseAsyncSend(asyncSend);
                factory.setConnectResponseTimeout(CONNECT_TIMEOUT_MS);
                factory.setCloseTimeout(CLOSE_TIMEOUT_MS);
                // one advisory consumer per connection costs the broker work the benchmark does not ask for
                factory.setWatchTopicAdvisories(false);
                yield factory;
            }
            case AMQP -> {
                JmsConnectionFactory factory = new JmsConnectionFactory(tls == null ? url : TlsClients.amqpUrl(url, tls));
                if (tls != null) {
                    factory.setSslContext(TlsClients.context(tls));
                }
                if (credentials != null) {
                    factory.setUsername(credentials.user());
                    factory.setPassword(credentials.password());
                }
                factory.setForceAsyncSend(asyncSend);
                factory.setConnectTimeout(CONNECT_TIMEOUT_MS);
                factory.setCloseTimeout(CLOSE_TIMEOUT_MS);
                factory.setRequestTimeout(REQUEST_TIMEOUT_MS);
                factory.setSendTimeout(REQUEST_TIMEOUT_MS);
                yield factory;
            }
            case CORE -> core(url, asyncSend, credentials, tls);
            case RABBITMQ_JMS -> RabbitMqJms.factory(url, credentials, tls);
        };
    }

    private static ActiveMQConnectionFactory openwire(String url, TlsPlan tls) {
        if (tls == null) {
            return new ActiveMQConnectionFactory(url);
        }
        ActiveMQSslConnectionFactory factory = new ActiveMQSslConnectionFactory(TlsClients.openwireUrl(url, tls));
        TlsClients.Managers managers = TlsClients.managers(tls);
        factory.setKeyAndTrustManagers(managers.keys(), managers.trust(), null);
        return factory;
    }

    /**
     * Artemis's core client takes its TLS settings as transport parameters. They go into the parsed
     * connectors rather than the URL, so that no password is part of a string that may be logged.
     */
    private static void coreTls(org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory factory,
                                TlsPlan tls) {
        TlsClients.managers(tls); // a store that cannot be read is told here, in one sentence
        for (TransportConfiguration connector : factory.getStaticConnectors()) {
            Map<String, Object> p = connector.getParams();
            p.put(TransportConstants.SSL_ENABLED_PROP_NAME, true);
            p.put(TransportConstants.VERIFY_HOST_PROP_NAME, tls.verifyHost());
            if (tls.trustStore() != null) {
                p.put(TransportConstants.TRUSTSTORE_PATH_PROP_NAME, tls.trustStore());
                if (tls.trustStorePassword() != null) {
                    p.put(TransportConstants.TRUSTSTORE_PASSWORD_PROP_NAME, tls.trustStorePassword());
                }
            }
            if (tls.keyStore() != null) {
                p.put(TransportConstants.KEYSTORE_PATH_PROP_NAME, tls.keyStore());
                p.put(TransportConstants.KEYSTORE_PASSWORD_PROP_NAME, tls.keyStorePassword());
            }
            if (!tls.protocols().isEmpty()) {
                p.put(TransportConstants.ENABLED_PROTOCOLS_PROP_NAME, String.join(",", tls.protocols()));
            }
        }
    }

    /**
     * Artemis's core client with every wait bounded: no reconnection (a lost broker is an error at
     * once, not a retry loop), a call timeout on blocking sends, commits and consumer creation, and a
     * connect timeout unless the URL sets its own. Persistent sends block unless {@code asyncSend}.
     */
    private static ConnectionFactory core(String url, boolean asyncSend, BrokerCredentials credentials, TlsPlan tls) {
        // the URL parameter's name is the transport's key (connect-timeout-millis); a camel-case one is dropped
        String key = TransportConstants.NETTY_CONNECT_TIMEOUT;
        String withTimeout = url.contains(key) ? url
                : url + (url.contains("?") ? "&" : "?") + key + "=" + CONNECT_TIMEOUT_MS;
        org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory factory =
                new org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory(withTimeout);
        if (credentials != null) {
            factory.setUser(credentials.user());
            factory.setPassword(credentials.password());
        }
        factory.setInitialConnectAttempts(1);
        factory.setReconnectAttempts(0);
        factory.setCallTimeout(REQUEST_TIMEOUT_MS);
        factory.setCallFailoverTimeout(REQUEST_TIMEOUT_MS);
        factory.setClientFailureCheckPeriod(CORE_FAILURE_CHECK_MS);
        factory.setConnectionTTL(CORE_CONNECTION_TTL_MS);
        factory.setBlockOnDurableSend(!asyncSend);
        if (tls != null) {
            coreTls(factory, tls);
        }
        return factory;
    }

    /**
     * A factory for subscribers: as {@link #create}, and where {@link #listenerOnTransportThread}
     * allows it, ActiveMQ runs each listener on its connection's transport thread.
     */
    public static ConnectionFactory createForSubscribers(Provider provider, String url, DeliveryPlan delivery,
                                                         BrokerCredentials credentials) {
        return createForSubscribers(provider, url, delivery, credentials, null);
    }

    public static ConnectionFactory createForSubscribers(Provider provider, String url, DeliveryPlan delivery,
                                                         BrokerCredentials credentials, TlsPlan tls) {
        return createForSubscribers(provider, url, delivery, credentials, tls, false);
    }

    /** As above; {@code responders}: some subscribers send replies from their listeners. */
    public static ConnectionFactory createForSubscribers(Provider provider, String url, DeliveryPlan delivery,
                                                         BrokerCredentials credentials, TlsPlan tls,
                                                         boolean responders) {
        ConnectionFactory factory = create(provider, url, delivery.asyncSend(), credentials, tls);
        if (responders && provider == Provider.RABBITMQ_JMS) {
            RabbitMqJms.answerWithoutDeclaring(factory);
        }
        if (listenerOnTransportThread(provider, url, delivery, responders)) {
            ((ActiveMQConnectionFactory) factory).setAlwaysSessionAsync(false);
        }
        return factory;
    }

    /**
     * Whether an OpenWire subscriber's listener runs on the connection's transport thread
     * ({@code alwaysSessionAsync=false}) rather than on a session thread that the transport thread
     * hands every message to and wakes up. It does for acknowledgements that do not wait (auto,
     * dups-ok): one wake-up less per message, and each subscriber has a connection and session of
     * its own, as the setting asks. Client acknowledgement and transactions keep the session thread,
     * where waiting for the broker's reply cannot block the thread that reads it; so do responders
     * ({@code responders}), whose listeners send replies, synchronously when persistent. A broker URL
     * that sets {@code jms.alwaysSessionAsync} itself is left alone.
     */
    public static boolean listenerOnTransportThread(Provider provider, String url, DeliveryPlan delivery,
                                                    boolean responders) {
        return provider == Provider.OPENWIRE && !responders
                && (delivery.ack() == DeliveryPlan.AckMode.AUTO || delivery.ack() == DeliveryPlan.AckMode.DUPS_OK)
                && !url.contains("jms.alwaysSessionAsync");
    }

    public static boolean listenerOnTransportThread(Provider provider, String url, DeliveryPlan delivery) {
        return listenerOnTransportThread(provider, url, delivery, false);
    }

    /** {@link #settings} plus where the subscribers' listeners run. */
    public static Map<String, String> subscriberSettings(Provider provider, String url, DeliveryPlan delivery) {
        return subscriberSettings(provider, url, delivery, false);
    }

    /** As above; {@code responders}: some subscribers send replies from their listeners. */
    public static Map<String, String> subscriberSettings(Provider provider, String url, DeliveryPlan delivery,
                                                         boolean responders) {
        Map<String, String> s = settings(provider, delivery);
        if (provider == Provider.OPENWIRE) {
            s.put("subscriberListener", listenerOnTransportThread(provider, url, delivery, responders)
                    ? "on the transport thread (alwaysSessionAsync=false)"
                    : url.contains("jms.alwaysSessionAsync") ? "as the broker URL's jms.alwaysSessionAsync says"
                    : "on a session thread (alwaysSessionAsync=true)");
        }
        return s;
    }

    /**
     * What the providers really do: non-persistent sends are asynchronous in all three, persistent ones
     * synchronous unless asked otherwise; inside a transaction a send is asynchronous and the commit waits.
     */
    private static String sendMode(DeliveryPlan delivery) {
        if (delivery.transacted()) {
            return "transacted: sends asynchronous, commit every " + delivery.transactionSize() + " synchronous";
        }
        if (!delivery.persistent()) {
            return "asynchronous (non-persistent)";
        }
        return delivery.asyncSend() ? "asynchronous (persistent, async send forced)" : "synchronous (persistent)";
    }

    /** The settings {@link #create} applies and the send mode the provider really uses, for the report. */
    public static Map<String, String> settings(Provider provider, DeliveryPlan delivery) {
        Map<String, String> s = new LinkedHashMap<>();
        switch (provider) {
            case OPENWIRE -> {
                s.put("client", "activemq-client " + Versions.ACTIVEMQ);
                s.put("connectResponseTimeout", CONNECT_TIMEOUT_MS + "ms");
                s.put("closeTimeout", CLOSE_TIMEOUT_MS + "ms");
                s.put("watchTopicAdvisories", "false");
                s.put("useAsyncSend", Boolean.toString(delivery.asyncSend()));
                s.put("sendMode", sendMode(delivery));
            }
            case AMQP -> {
                s.put("client", "qpid-jms-client " + Versions.QPID_JMS);
                s.put("connectTimeout", CONNECT_TIMEOUT_MS + "ms");
                s.put("closeTimeout", CLOSE_TIMEOUT_MS + "ms");
                s.put("requestTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("sendTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("forceAsyncSend", Boolean.toString(delivery.asyncSend()));
                s.put("sendMode", sendMode(delivery));
            }
            case CORE -> {
                s.put("client", "artemis-jakarta-client " + Versions.ARTEMIS);
                s.put("connect-timeout-millis", CONNECT_TIMEOUT_MS + "ms (unless the URL sets it)");
                s.put("callTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("callFailoverTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("reconnectAttempts", "0");
                s.put("clientFailureCheckPeriod", CORE_FAILURE_CHECK_MS + "ms");
                s.put("connectionTTL", CORE_CONNECTION_TTL_MS + "ms");
                s.put("blockOnDurableSend", Boolean.toString(!delivery.asyncSend()));
                s.put("sendMode", sendMode(delivery));
            }
            case RABBITMQ_JMS -> s.putAll(RabbitMqJms.settings(delivery));
        }
        return s;
    }
}
