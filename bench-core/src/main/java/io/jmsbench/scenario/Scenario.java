package io.jmsbench.scenario;

import java.util.List;

/**
 * One benchmark scenario, resolved and validated: every field holds a value (defaults filled in).
 * Built only by {@link io.jmsbench.scenario.read.ScenarioLoader}, which reports every mistake with its file position.
 * {@code message} is what every publisher group sends but for the fields a group of a list sets over it; a
 * single {@code publishers:} mapping's one group sends it, persistent as {@code delivery} says.
 */
public record Scenario(
        String name,
        String description,
        BrokerSpec broker,
        Provider provider,
        DestinationSpec destination,
        MessageSpec message,
        PublisherSpec publishers,
        List<SubscriberGroup> subscribers,
        DeliverySpec delivery,
        Phases phases,
        Validity validity,
        AgentsSpec agents,
        List<FaultSpec> faults,
        CpuSpec cpus) {

    public Scenario {
        publishers = publishers.over(message, delivery.persistent());
        subscribers = List.copyOf(subscribers);
        faults = faults == null ? List.of() : List.copyOf(faults); // reports written before faults existed
        cpus = cpus == null ? CpuSpec.SHARED : cpus; // reports written before CPU partitions existed
    }

    /** This scenario with its clients on {@code agents}. */
    public Scenario withAgents(AgentsSpec agents) {
        return new Scenario(name, description, broker, provider, destination, message, publishers, subscribers,
                delivery, phases, validity, agents, faults, cpus);
    }

    /** This scenario against {@code broker} (an external broker's kind as it told it). */
    public Scenario withBroker(BrokerSpec broker) {
        return new Scenario(name, description, broker, provider, destination, message, publishers, subscribers,
                delivery, phases, validity, agents, faults, cpus);
    }

    /** This scenario with its publishers at {@code rate} (a search's step). */
    public Scenario withRate(PublishRate rate) {
        return new Scenario(name, description, broker, provider, destination, message, publishers.withRate(rate),
                subscribers, delivery, phases, validity, agents, faults, cpus);
    }

    /** Whether a fault of this scenario may drop the broker's connections: its clients connect with failover. */
    public boolean reconnects() {
        return faults.stream().anyMatch(f -> f.action() != null && f.action().dropsConnections());
    }

    /** Whether a fault of this scenario kills or stops the broker, which is then started again. */
    public boolean restartsBroker() {
        return faults.stream().anyMatch(f -> f.action() == FaultAction.KILL_BROKER
                || f.action() == FaultAction.RESTART_BROKER);
    }

    public int subscriberClients() {
        return subscribers.stream().mapToInt(SubscriberGroup::clients).sum();
    }

    /** n_fltr: the number of installed filters, i.e. subscriber clients that carry a selector. */
    public int filters() {
        return subscribers.stream().filter(SubscriberGroup::filtered).mapToInt(SubscriberGroup::clients).sum();
    }
}
