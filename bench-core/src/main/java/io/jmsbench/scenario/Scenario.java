package io.jmsbench.scenario;

import java.util.List;

/**
 * One benchmark scenario, resolved and validated: every field holds a value (defaults filled in).
 * Built only by {@link io.jmsbench.scenario.read.ScenarioLoader}, which reports every mistake with its file position.
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
        subscribers = List.copyOf(subscribers);
        faults = faults == null ? List.of() : List.copyOf(faults); // reports written before faults existed
        cpus = cpus == null ? CpuSpec.SHARED : cpus; // reports written before CPU partitions existed
    }

    /** This scenario with its clients on {@code agents}. */
    public Scenario withAgents(AgentsSpec agents) {
        return new Scenario(name, description, broker, provider, destination, message, publishers, subscribers,
                delivery, phases, validity, agents, faults, cpus);
    }

    /** This scenario with its publishers at {@code rate} (a search's step). */
    public Scenario withRate(PublishRate rate) {
        PublisherSpec at = publishers.groups().size() == 1
                ? PublisherSpec.of(List.of(withRate(publishers.groups().get(0), rate)))
                : new PublisherSpec(publishers.clients(), rate, publishers.faults(), List.of(), publishers.connections());
        return new Scenario(name, description, broker, provider, destination, message, at, subscribers, delivery, phases,
                validity, agents, faults, cpus);
    }

    /** The publisher groups: those of a list, or the one group a single mapping is. */
    public List<PublisherGroup> publisherGroups() {
        return publishers.grouped() ? publishers.groups() : List.of(new PublisherGroup(PublisherGroup.defaultName(0),
                publishers.clients(), publishers.rate(), message, delivery.persistent(), null));
    }

    /** The index of the group whose clients include the publisher at {@code publisherIndex} (0-based, in order). */
    public int publisherGroupOf(int publisherIndex) {
        int end = 0;
        List<PublisherGroup> groups = publisherGroups();
        for (int g = 0; g < groups.size(); g++) {
            end += groups.get(g).clients();
            if (publisherIndex < end) {
                return g;
            }
        }
        throw new IllegalArgumentException("no publisher " + publisherIndex + " among " + end);
    }

    /**
     * This scenario as if only group {@code g} sent, with its message, rate and delivery mode and its
     * clients alone (this scenario itself when the publishers are a single mapping).
     */
    public Scenario forGroup(int g) {
        if (!publishers.grouped()) {
            return this;
        }
        PublisherGroup group = publishers.groups().get(g);
        DeliverySpec d = new DeliverySpec(group.persistent(), delivery.ack(), delivery.durable(), delivery.ackEvery(),
                delivery.transactionSize(), delivery.asyncSend());
        return new Scenario(name, description, broker, provider, destination, group.message(),
                new PublisherSpec(group.clients(), group.rate()), subscribers, d, phases, validity, agents, faults, cpus);
    }

    private static PublisherGroup withRate(PublisherGroup group, PublishRate rate) {
        return new PublisherGroup(group.name(), group.clients(), rate, group.message(), group.persistent(), null);
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
