package io.jmsbench.scenario;

/**
 * The broker under test: an embedded ActiveMQ Classic broker started in its own JVM for the run,
 * or an external broker reached at {@code url}. Exactly one of {@code embedded} and {@code url} is set.
 */
public record BrokerSpec(String embedded, boolean persistent, String url) {

    public static final String ACTIVEMQ = "activemq";

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isEmbedded() {
        return embedded != null;
    }
}
