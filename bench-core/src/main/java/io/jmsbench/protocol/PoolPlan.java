package io.jmsbench.protocol;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.workload.MessageVariant;

import java.util.List;

/**
 * {@code POST /prepare}: the clients an agent connects, and everything they need to know;
 * {@code ratePerClient} is each publisher's fixed rate in msgs/s, NaN when saturated;
 * {@code clockOffsetNanos} is this agent's clock minus the controller's, which its clients subtract
 * from every timestamp they write or compare, so latency across hosts is measured on one clock;
 * {@code credentials} log the clients in to the broker ({@code null}: anonymous).
 */
public record PoolPlan(String runId, Provider provider, String brokerUrl, DestinationSpec destination,
                       MessageSpec message, List<MessageVariant> variants, DeliverySpec delivery,
                       double ratePerClient, PublisherSpec.Faults faults, List<ClientPlan> clients,
                       long clockOffsetNanos, BrokerCredentials credentials) {

    public PoolPlan {
        variants = List.copyOf(variants);
        clients = List.copyOf(clients);
    }
}
