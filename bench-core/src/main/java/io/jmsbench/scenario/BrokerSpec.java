package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * The broker under test: an embedded broker ({@link #ACTIVEMQ} or {@link #ARTEMIS}) started in its
 * own JVM, or an external broker reached at {@code url}. Exactly one of {@code embedded} and
 * {@code url} is set. An embedded broker is started afresh for every point, so one point's backlog
 * cannot pollute the next, unless {@code reuse} keeps one broker for the whole run.
 * {@code kind} is what the scenario says an external broker is ({@code null}: not said);
 * {@code management} where its own statistics are read ({@link BrokerManagement#DEFAULT} when embedded);
 * {@code tls} how the clients reach it over TLS ({@code null}: as the URL says, with the JVM's defaults);
 * {@code purge}: empty an external broker's destinations of the point through its management
 * interface before the point, so that an earlier run's leftovers are not taken for its messages.
 */
public record BrokerSpec(String embedded, boolean persistent, String url, boolean reuse, BrokerTuning tuning,
                         BrokerKind kind, BrokerManagement management, TlsSpec tls, boolean purge) {

    public BrokerSpec {
        management = management == null ? BrokerManagement.DEFAULT : management;
    }

    /** Without a purge of the point's destinations before it. */
    public BrokerSpec(String embedded, boolean persistent, String url, boolean reuse, BrokerTuning tuning,
                      BrokerKind kind, BrokerManagement management, TlsSpec tls) {
        this(embedded, persistent, url, reuse, tuning, kind, management, tls, false);
    }

    /** The embedded broker {@code name} ({@link #ACTIVEMQ} or {@link #ARTEMIS}) as a scenario leaves it otherwise. */
    public static BrokerSpec embedded(String name, boolean persistent) {
        return new BrokerSpec(name, persistent, null, Defaults.BROKER_REUSE, BrokerTuning.DEFAULT, null,
                BrokerManagement.DEFAULT, null);
    }

    /** The external broker at {@code url}, of no known kind, without management or TLS. */
    public static BrokerSpec external(String url) {
        return new BrokerSpec(null, false, url, Defaults.BROKER_REUSE, BrokerTuning.DEFAULT, null,
                BrokerManagement.DEFAULT, null);
    }

    /** This external broker as being of {@code kind}. */
    public BrokerSpec withKind(BrokerKind kind) {
        return new BrokerSpec(embedded, persistent, url, reuse, tuning, kind, management, tls, purge);
    }

    /** ActiveMQ Classic: OpenWire and AMQP connectors. */
    public static final String ACTIVEMQ = "activemq";
    /** Apache Artemis: CORE, AMQP and OpenWire acceptors. */
    public static final String ARTEMIS = "artemis";

    @JsonIgnore
    public boolean isEmbedded() {
        return embedded != null;
    }

    /**
     * What the broker is as far as the scenario tells: an embedded one is what it names, an external one
     * is its {@code kind}, or RabbitMQ when the provider is rabbitmq-jms (it speaks to nothing else);
     * {@code null} when unknown.
     */
    public BrokerKind kindFor(Provider provider) {
        if (isEmbedded()) {
            return ARTEMIS.equals(embedded) ? BrokerKind.ARTEMIS : BrokerKind.ACTIVEMQ;
        }
        if (kind == null && provider == Provider.RABBITMQ_JMS) {
            return BrokerKind.RABBITMQ;
        }
        return kind;
    }
}
