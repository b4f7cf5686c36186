package io.jmsbench.jms;

import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.Provider;
import jakarta.jms.ConnectionFactory;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.qpid.jms.JmsConnectionFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The provider layer: a connection factory for the scenario's provider with a bound on every
 * blocking call the harness relies on (the providers' defaults mostly wait forever).
 * {@link #settings} says what was set, for the report.
 */
public final class ConnectionFactories {

    public static final int CONNECT_TIMEOUT_MS = 10_000;
    public static final int CLOSE_TIMEOUT_MS = 5_000;
    public static final int REQUEST_TIMEOUT_MS = 30_000;

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
        return switch (provider) {
            case OPENWIRE -> {
                ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
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
                JmsConnectionFactory factory = new JmsConnectionFactory(url);
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
        };
    }

    /**
     * What the providers really do: non-persistent sends are asynchronous in both, persistent ones
     * synchronous unless asked otherwise; inside a transaction a send is asynchronous and the commit waits.
     */
    private static String sendMode(DeliverySpec delivery) {
        if (delivery.transacted()) {
            return "transacted: sends asynchronous, commit every " + delivery.transactionSize() + " synchronous";
        }
        if (!delivery.persistent()) {
            return "asynchronous (non-persistent)";
        }
        return delivery.asyncSend() ? "asynchronous (persistent, async send forced)" : "synchronous (persistent)";
    }

    /** The settings {@link #create} applies and the send mode the provider really uses, for the report. */
    public static Map<String, String> settings(Provider provider, DeliverySpec delivery) {
        Map<String, String> s = new LinkedHashMap<>();
        switch (provider) {
            case OPENWIRE -> {
                s.put("client", "activemq-client " + io.jmsbench.Versions.ACTIVEMQ);
                s.put("connectResponseTimeout", CONNECT_TIMEOUT_MS + "ms");
                s.put("closeTimeout", CLOSE_TIMEOUT_MS + "ms");
                s.put("watchTopicAdvisories", "false");
                s.put("useAsyncSend", Boolean.toString(delivery.asyncSend()));
                s.put("sendMode", sendMode(delivery));
            }
            case AMQP -> {
                s.put("client", "qpid-jms-client " + io.jmsbench.Versions.QPID_JMS);
                s.put("connectTimeout", CONNECT_TIMEOUT_MS + "ms");
                s.put("closeTimeout", CLOSE_TIMEOUT_MS + "ms");
                s.put("requestTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("sendTimeout", REQUEST_TIMEOUT_MS + "ms");
                s.put("forceAsyncSend", Boolean.toString(delivery.asyncSend()));
                s.put("sendMode", sendMode(delivery));
            }
        }
        return s;
    }
}
