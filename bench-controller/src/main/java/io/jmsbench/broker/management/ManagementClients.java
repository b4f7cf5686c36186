package io.jmsbench.broker.management;

import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerManagement;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.SecretReference;

/** The management client of an external broker: the scenario's {@code broker.management}, or its kind's defaults. */
public final class ManagementClients {

    /** The acceptor of Artemis's own broker.xml that speaks every protocol, CORE among them. */
    static final int ARTEMIS_ACCEPTOR = 61616;
    /** The user and password a stock RabbitMQ takes (on loopback only). */
    private static final String RABBITMQ_LOGIN = "guest";
    /** The user and password of a stock ActiveMQ Classic's web console, which serves its Jolokia. */
    private static final String JOLOKIA_LOGIN = "admin";
    /** The port a stock ActiveMQ Classic's web console, and so its Jolokia, listens on. */
    static final int JOLOKIA_PORT = 8161;

    private ManagementClients() {
    }

    /**
     * The client for {@code broker}; the sentence says why there is none (kind unknown, no password
     * found). Artemis's management answers on the messaging port itself, so its client logs in as the
     * clients do ({@code login}, unless broker.management has a user) and over the same TLS
     * ({@code tls}, {@code null}: none). An ActiveMQ Classic with no management URL is read over JMX
     * at its connector's default address where that answers, else through its web console's Jolokia.
     */
    public static BrokerManagementClient of(BrokerSpec broker, Provider provider, BrokerCredentials login, TlsPlan tls)
            throws ManagementUnavailable {
        BrokerKind kind = broker.kindFor(provider);
        BrokerManagement m = broker.management();
        BrokerAddress address = BrokerAddress.of(broker.url()).orElse(new BrokerAddress("localhost", ARTEMIS_ACCEPTOR));
        String url = m.url() != null ? m.url()
                : BrokerManagement.defaultUrl(kind, address.host(), corePort(broker.url(), address));
        if (url == null) {
            throw new ManagementUnavailable("the broker's kind is not known (broker.kind), so neither is its "
                    + "management interface");
        }
        if (m.url() == null && kind == BrokerKind.ACTIVEMQ) {
            String user = m.user() != null ? m.user() : JOLOKIA_LOGIN;
            String password = m.password() != null ? secret(m.password()) : JOLOKIA_LOGIN;
            String host = address.host().contains(":") ? "[" + address.host() + "]" : address.host();
            return new FirstAnswering(java.util.List.of(
                    new ActiveMqJmx(url, m.user(), m.password() == null ? null : password),
                    new ActiveMqJolokia("http://" + host + ":" + JOLOKIA_PORT + "/api/jolokia", user, password)));
        }
        if (url.startsWith("tcp://")) {
            BrokerCredentials user = m.user() == null ? login
                    : new BrokerCredentials(m.user(), m.password() == null ? null : secret(m.password()));
            return new ArtemisManagement(url, user, tls);
        }
        boolean jmx = url.startsWith("service:jmx:");
        // an http(s) URL is RabbitMQ's API, or for an ActiveMQ Classic its web console's Jolokia
        boolean jolokia = !jmx && kind == BrokerKind.ACTIVEMQ;
        String defaultLogin = jmx ? null : jolokia ? JOLOKIA_LOGIN : RABBITMQ_LOGIN;
        String user = m.user() != null ? m.user() : defaultLogin;
        String password = m.password() != null ? secret(m.password()) : defaultLogin;
        try {
            return jmx ? new ActiveMqJmx(url, user, password)
                    : jolokia ? new ActiveMqJolokia(url, user, password)
                    : new RabbitMqManagementApi(url, user, password);
        } catch (IllegalArgumentException e) {
            throw new ManagementUnavailable("broker.management.url: " + url + " is not a URL jmsbench can read ("
                    + e.getMessage() + ")");
        }
    }

    /**
     * Where an Artemis answers core requests when the scenario does not say: the port of a core or
     * OpenWire URL (Artemis's default acceptor, 61616, speaks every protocol), but for an AMQP URL the
     * default acceptor, as the one on 5672 that Artemis's broker.xml ships speaks AMQP only.
     */
    private static int corePort(String url, BrokerAddress address) {
        return url.matches("(failover:\\(?)?amqps?://.*") ? ARTEMIS_ACCEPTOR : address.port();
    }

    /** The password an {@code env:NAME} or {@code file:PATH} reference points at. */
    static String secret(String reference) throws ManagementUnavailable {
        try {
            return SecretReference.resolve("broker.management.password", reference, System.getenv());
        } catch (SecretReference.Unresolved e) {
            throw new ManagementUnavailable(e.getMessage());
        }
    }
}
