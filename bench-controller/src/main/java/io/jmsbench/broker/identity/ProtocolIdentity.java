package io.jmsbench.broker.identity;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.Provider;
import jakarta.jms.Connection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.command.BrokerInfo;
import org.apache.activemq.command.WireFormatInfo;
import org.apache.activemq.transport.DefaultTransportListener;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.apache.qpid.jms.provider.amqp.AmqpProvider;
import org.apache.qpid.proton.amqp.Symbol;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

/**
 * What an external broker says it is while a client connects, one connection per call, bounded:
 * the {@code product} and {@code version} of the AMQP 1.0 open frame's properties (RabbitMQ and
 * Artemis send them); over OpenWire the broker's {@code BrokerInfo}, whose broker id is ActiveMQ
 * Classic's {@code ID:host-port-...} or Artemis's node id (a UUID), with the version of the broker's
 * {@code WireFormatInfo} for a Classic one (Artemis fills it with the OpenWire library's it bundles,
 * as it does its provider name, so neither is the broker's). The connection metadata's provider
 * name is the client library's, never the broker's. Only Artemis speaks CORE, and rabbitmq-jms
 * speaks only to RabbitMQ, so those two need no connection.
 */
public final class ProtocolIdentity {

    static final Duration TIMEOUT = Duration.ofSeconds(12);
    private static final Pattern ARTEMIS_NODE_ID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
            + "[0-9a-f]{12}");

    private ProtocolIdentity() {
    }

    /** What the broker at {@code url} told a client of {@code provider}; {@link BrokerIdentity#UNKNOWN} when nothing. */
    public static BrokerIdentity of(Provider provider, String url, BrokerCredentials login, TlsPlan tls)
            throws InterruptedException {
        return switch (provider) {
            case CORE -> new BrokerIdentity(BrokerKind.ARTEMIS, null, null, "the protocol (only Artemis speaks CORE)");
            case RABBITMQ_JMS -> new BrokerIdentity(BrokerKind.RABBITMQ, null, null,
                    "the provider (rabbitmq-jms speaks only to RabbitMQ)");
            case AMQP -> bounded(() -> amqp(url, login, tls));
            case OPENWIRE -> bounded(() -> openwire(url, login, tls));
        };
    }

    private interface Reading {
        BrokerIdentity read() throws Exception;
    }

    private static BrokerIdentity bounded(Reading reading) throws InterruptedException {
        CompletableFuture<BrokerIdentity> attempt = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                attempt.complete(reading.read());
            } catch (Exception | LinkageError e) {
                attempt.complete(BrokerIdentity.UNKNOWN);
            }
        }, "broker-identity");
        t.setDaemon(true);
        t.start();
        try {
            return attempt.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            t.interrupt();
            return BrokerIdentity.UNKNOWN;
        }
    }

    /** The open frame's properties, read from the provider the factory made for the connection. */
    private static BrokerIdentity amqp(String url, BrokerCredentials login, TlsPlan tls) throws Exception {
        JmsConnectionFactory configured = (JmsConnectionFactory) ConnectionFactories.create(
                io.jmsbench.protocol.Provider.AMQP, url, false, login, tls);
        AtomicReference<org.apache.qpid.jms.provider.Provider> made = new AtomicReference<>();
        JmsConnectionFactory factory = new JmsConnectionFactory() {
            @Override
            protected org.apache.qpid.jms.provider.Provider createProvider(URI remote) throws Exception {
                org.apache.qpid.jms.provider.Provider provider = super.createProvider(remote);
                made.set(provider);
                return provider;
            }
        };
        factory.setProperties(configured.getProperties());
        if (tls != null) {
            factory.setSslContext(TlsClients.context(tls));
        }
        try (Connection connection = factory.createConnection()) {
            connection.start();
            if (!(made.get() instanceof AmqpProvider amqp)) {
                return BrokerIdentity.UNKNOWN; // a failover URL: the provider that spoke is wrapped
            }
            Map<Symbol, Object> properties = amqp.getProtonConnection().getRemoteProperties();
            if (properties == null || properties.get(Symbol.valueOf("product")) == null) {
                return BrokerIdentity.UNKNOWN;
            }
            Object version = properties.get(Symbol.valueOf("version"));
            return BrokerIdentity.told(String.valueOf(properties.get(Symbol.valueOf("product"))),
                    version == null ? null : String.valueOf(version), "the AMQP 1.0 open frame");
        }
    }

    /** The broker's BrokerInfo and WireFormatInfo, as they reach the connection's transport listener. */
    private static BrokerIdentity openwire(String url, BrokerCredentials login, TlsPlan tls) throws Exception {
        ActiveMQConnectionFactory factory = (ActiveMQConnectionFactory) ConnectionFactories.create(
                io.jmsbench.protocol.Provider.OPENWIRE, url, false, login, tls);
        AtomicReference<WireFormatInfo> wire = new AtomicReference<>();
        CompletableFuture<BrokerInfo> broker = new CompletableFuture<>();
        factory.setTransportListener(new DefaultTransportListener() {
            @Override
            public void onCommand(Object command) {
                if (command instanceof WireFormatInfo w) {
                    wire.set(w);
                } else if (command instanceof BrokerInfo b) {
                    broker.complete(b);
                }
            }
        });
        try (Connection connection = factory.createConnection()) {
            connection.start();
            BrokerInfo info = broker.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return openwire(info, wire.get());
        }
    }

    /** The broker an OpenWire BrokerInfo (and WireFormatInfo, {@code null}: none seen) comes from. */
    static BrokerIdentity openwire(BrokerInfo info, WireFormatInfo wire) throws java.io.IOException {
        String id = info.getBrokerId() == null ? "" : info.getBrokerId().getValue();
        if (id.startsWith("ID:")) {
            String version = wire == null ? null : wire.getProviderVersion();
            return new BrokerIdentity(BrokerKind.ACTIVEMQ, "ActiveMQ", version, "OpenWire's BrokerInfo (broker id "
                    + id + ")" + (version == null ? "" : " and WireFormatInfo"));
        }
        if (ARTEMIS_NODE_ID.matcher(id).matches()) {
            return new BrokerIdentity(BrokerKind.ARTEMIS, "ActiveMQ Artemis", null, "OpenWire's BrokerInfo (node id "
                    + id + ")");
        }
        return BrokerIdentity.UNKNOWN;
    }
}
