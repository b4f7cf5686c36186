package io.jmsbench.scenario;

/** The publisher pool: {@code clients} connections, each with its own session and producer. */
public record PublisherSpec(int clients, String rate) {

    public static final String MAX_RATE = "max";
}
