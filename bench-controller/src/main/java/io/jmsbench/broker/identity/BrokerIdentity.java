package io.jmsbench.broker.identity;

import io.jmsbench.scenario.BrokerKind;

import java.util.Locale;

/**
 * What an external broker is ({@code kind}, {@code null}: not known), its product and version as it
 * named them ({@code null}: not told), and where that was learned ({@code source}, e.g. "the AMQP 1.0
 * open frame"), for {@code environment.broker.kindSource}.
 */
public record BrokerIdentity(BrokerKind kind, String product, String version, String source) {

    public static final BrokerIdentity UNKNOWN = new BrokerIdentity(null, null, null, null);

    /**
     * The kind a broker's own product name stands for: RabbitMQ's ("RabbitMQ"), Artemis's
     * ("apache-activemq-artemis", "ActiveMQ Artemis") and ActiveMQ Classic's ("ActiveMQ"); {@code null}
     * for any other.
     */
    public static BrokerKind kindOf(String product) {
        if (product == null) {
            return null;
        }
        String p = product.toLowerCase(Locale.ROOT);
        if (p.contains("rabbitmq")) {
            return BrokerKind.RABBITMQ;
        }
        if (p.contains("artemis")) {
            return BrokerKind.ARTEMIS;
        }
        return p.contains("activemq") ? BrokerKind.ACTIVEMQ : null;
    }

    /** As the broker named itself in {@code where}: its kind from its product name. */
    public static BrokerIdentity told(String product, String version, String where) {
        return new BrokerIdentity(kindOf(product), product, version, where);
    }

    /**
     * This identity under the scenario's {@code broker.kind} ({@code said}, {@code null}: not said),
     * which overrides what the protocol told; the source then says both where they differ.
     */
    public BrokerIdentity under(BrokerKind said) {
        if (said == null) {
            return this;
        }
        String told = kind != null && kind != said ? " (the broker named itself " + product
                + (version == null ? "" : " " + version) + " in " + source + ")" : "";
        return new BrokerIdentity(said, product, kind == said ? version : null, "broker.kind" + told);
    }

    /** The product and version, for the console ({@code "RabbitMQ 3.10.8"}); "" when not told. */
    public String described() {
        return product == null ? "" : product + (version == null ? "" : " " + version);
    }
}
