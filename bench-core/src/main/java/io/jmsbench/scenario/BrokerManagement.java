package io.jmsbench.scenario;

/**
 * Where an external broker's own statistics are read ({@code broker.management}): RabbitMQ's
 * management HTTP API, ActiveMQ Classic's JMX connector or (an http(s) URL with kind activemq) the
 * Jolokia its web console serves, or Artemis's management address over its core protocol
 * ({@code tcp://}). A field left out ({@code null}) takes the default of the broker's kind
 * ({@link #defaultUrl}; user and password guest/guest for RabbitMQ, none for JMX, admin/admin for
 * Jolokia, the clients' login for Artemis). {@code password} is where to find it, {@code env:NAME} or {@code file:PATH}, never the
 * password itself: the scenario is copied into every report.
 */
public record BrokerManagement(String url, String user, String password) {

    /** No management section: every field its kind's default. */
    public static final BrokerManagement DEFAULT = new BrokerManagement(null, null, null);

    /**
     * The management URL of {@code kind} on {@code host} when the scenario gives none ({@code port}:
     * the broker URL's, where Artemis answers management requests too); {@code null}: none known.
     */
    public static String defaultUrl(BrokerKind kind, String host, int port) {
        if (kind == null) {
            return null;
        }
        String h = host.contains(":") ? "[" + host + "]" : host;
        return switch (kind) {
            case RABBITMQ -> "http://" + h + ":15672";
            case ACTIVEMQ -> "service:jmx:rmi:///jndi/rmi://" + h + ":1099/jmxrmi";
            case ARTEMIS -> "tcp://" + h + ":" + port;
        };
    }
}
