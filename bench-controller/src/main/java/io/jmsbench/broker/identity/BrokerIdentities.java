package io.jmsbench.broker.identity;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;

/**
 * The external brokers of a run as they named themselves, learned once per provider and URL
 * ({@link ProtocolIdentity}) where the point's scenario says no {@code broker.kind}; where it does,
 * its word stands and nothing is asked.
 */
public final class BrokerIdentities {

    private final Map<String, BrokerIdentity> told = new HashMap<>();

    /**
     * The identity of {@code broker} reached by {@code provider}; {@code null} for an embedded broker.
     * An interrupt leaves it unknown, with the thread's flag set for the point to see.
     */
    public BrokerIdentity of(BrokerSpec broker, Provider provider, BrokerCredentials login, TlsPlan tls,
                             PrintStream console) {
        if (broker.isEmbedded()) {
            return null;
        }
        if (broker.kind() != null) { // the scenario's word stands, and spares the point a connection
            return BrokerIdentity.UNKNOWN.under(broker.kind());
        }
        String key = provider + " " + broker.url();
        BrokerIdentity identity = told.get(key);
        if (identity == null) {
            try {
                identity = ProtocolIdentity.of(provider, broker.url(), login, tls);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return BrokerIdentity.UNKNOWN.under(broker.kind());
            }
            told.put(key, identity);
            if (identity.kind() != null) {
                console.println("  broker   " + identity.kind().yamlName() + (identity.product() == null ? ""
                        : " (" + identity.described() + ")") + ", as " + identity.source() + " says");
            }
        }
        return identity.under(broker.kind());
    }

    /**
     * {@code scenario} with its external broker's kind as {@code identity} says where the scenario leaves
     * it out, so that the clients' addresses (RabbitMQ's AMQP 1.0 plugin's) and its management follow it.
     */
    public static Scenario known(Scenario scenario, BrokerIdentity identity) {
        if (identity == null || identity.kind() == null || scenario.broker().kind() != null) {
            return scenario;
        }
        return scenario.withBroker(scenario.broker().withKind(identity.kind()));
    }

    /** {@code facts} of an external broker with its kind, version and their source, where known. */
    public static BrokerFacts apply(BrokerFacts facts, BrokerIdentity identity) {
        if (facts == null || identity == null || identity.kind() == null) {
            return facts;
        }
        return facts.withKind("external " + identity.kind().yamlName(),
                identity.version() == null ? facts.version() : identity.version(), identity.source());
    }
}
