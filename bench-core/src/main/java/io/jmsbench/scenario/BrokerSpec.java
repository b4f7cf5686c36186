package io.jmsbench.scenario;

/**
 * The broker under test: an embedded broker ({@link #ACTIVEMQ} or {@link #ARTEMIS}) started in its
 * own JVM, or an external broker reached at {@code url}. Exactly one of {@code embedded} and
 * {@code url} is set. An embedded broker is started afresh for every point, so one point's backlog
 * cannot pollute the next, unless {@code reuse} keeps one broker for the whole run.
 */
public record BrokerSpec(String embedded, boolean persistent, String url, boolean reuse, BrokerTuning tuning) {

    public BrokerSpec(String embedded, boolean persistent, String url) {
        this(embedded, persistent, url, Defaults.BROKER_REUSE, BrokerTuning.DEFAULT);
    }

    /** ActiveMQ Classic: OpenWire and AMQP connectors. */
    public static final String ACTIVEMQ = "activemq";
    /** Apache Artemis: CORE, AMQP and OpenWire acceptors. */
    public static final String ARTEMIS = "artemis";

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isEmbedded() {
        return embedded != null;
    }
}
