package io.jmsbench.run;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.RabbitMqAmqpAddresses;
import io.jmsbench.jms.Providers;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Credentials;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.DestinationPlan;
import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PublisherFaults;
import io.jmsbench.protocol.PublisherGroupPlan;
import io.jmsbench.protocol.RateStep;
import io.jmsbench.protocol.VariantPlan;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.rate.RateSteps;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.workload.MessageVariant;
import io.jmsbench.workload.MessageVariants;
import io.jmsbench.workload.SizeTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The one place a scenario becomes what agents are told ({@code POST /prepare}). The plan holds
 * protocol records only, so a scenario change reaches the wire only through a change here. The
 * enums are mapped by exhaustive switches: a new scenario constant does not compile until it is
 * given a wire value, rather than travelling as whatever its name happens to be.
 */
public final class PoolPlans {

    private PoolPlans() {
    }

    /**
     * The plan for one agent's {@code clients}: {@code runId} tags the run's messages and durable
     * subscriptions, {@code clockOffsetNanos} is that agent's clock minus the controller's,
     * {@code credentials} {@code null} for an anonymous login.
     */
    public static PoolPlan of(Scenario scenario, String runId, String brokerUrl, List<ClientPlan> clients,
                              long clockOffsetNanos, BrokerCredentials credentials) {
        return of(scenario, runId, brokerUrl, clients, clockOffsetNanos, credentials, null);
    }

    /** As above, over TLS as {@code tls} says ({@code null}: as the URL says). */
    public static PoolPlan of(Scenario scenario, String runId, String brokerUrl, List<ClientPlan> clients,
                              long clockOffsetNanos, BrokerCredentials credentials, TlsPlan tls) {
        DestinationPlan destination = destination(scenario.destination());
        List<PublisherGroupPlan> groups = groups(scenario);
        PublisherGroupPlan first = groups.get(0);
        return new PoolPlan(runId, Providers.wire(scenario.provider()), brokerUrl, destination,
                first.message(), first.variants(), delivery(scenario.delivery(), first.persistent()),
                first.ratePerClient(), faults(scenario.publishers().faults()),
                addressed(scenario, destination.type(), clients), clockOffsetNanos, credentials(credentials), tls,
                first.rateProfile(), groups, scenario.publishers().connections(),
                scenario.publishers().sustainable() ? Boolean.TRUE : null);
    }

    /** The publisher groups of a scenario (a single mapping is one). */
    static List<PublisherGroupPlan> groups(Scenario scenario) {
        List<PublisherGroupPlan> groups = new ArrayList<>();
        for (PublisherGroup group : scenario.publishers().groups()) {
            groups.add(new PublisherGroupPlan(group.name(), message(group.message()),
                    variants(MessageVariants.of(group.message(), scenario.subscribers())), group.persistent(),
                    group.ratePerClient(), rateProfile(group)));
        }
        return groups;
    }

    /** Each client's share of a group's rate profile, {@code null} for a rate that does not change. */
    static List<RateStep> rateProfile(PublisherGroup group) {
        return group.rate() instanceof PublishRate.Profile profile ? RateSteps.of(profile, group.clients()) : null;
    }

    /**
     * The clients with the addresses their broker and provider need: RabbitMQ's AMQP 1.0 plugin takes
     * {@code /queue/NAME} and {@code /topic/NAME}. Only the wire sees them; the run's own records (the
     * audit's pairing of publishers and subscribers) keep the scenario's names.
     */
    static List<ClientPlan> addressed(Scenario scenario, DestinationPlan.DestinationType type, List<ClientPlan> clients) {
        if (scenario.provider() != io.jmsbench.scenario.Provider.AMQP
                || scenario.broker().kindFor(scenario.provider()) != BrokerKind.RABBITMQ) {
            return clients;
        }
        return clients.stream().map(c -> c.at(RabbitMqAmqpAddresses.of(type, c.destination()))).toList();
    }

    /** The names are not in it: each client's own destination is in its {@link ClientPlan}. */
    static DestinationPlan destination(DestinationSpec destination) {
        return new DestinationPlan(switch (destination.type()) {
            case TOPIC -> DestinationPlan.DestinationType.TOPIC;
            case QUEUE -> DestinationPlan.DestinationType.QUEUE;
        });
    }

    /** {@code vary} is not in it: the variants it makes travel themselves ({@link #variants}). */
    static MessagePlan message(MessageSpec message) {
        MessagePlan.MessageType type = switch (message.type()) {
            case BYTES -> MessagePlan.MessageType.BYTES;
            case TEXT -> MessagePlan.MessageType.TEXT;
            case MAP -> MessagePlan.MessageType.MAP;
        };
        SizeTable table = SizeTable.of(message);
        return new MessagePlan(type, message.size(), message.properties(), message.values(), message.correlationId(),
                message.stamped(), table == null ? null : Arrays.stream(table.sizes()).boxed().toList(),
                table == null ? null : table.bodies(), HeaderPlans.of(message.headers()));
    }

    static List<VariantPlan> variants(List<MessageVariant> variants) {
        return variants.stream().map(v -> new VariantPlan(v.correlationId(), v.properties())).toList();
    }

    /** The scenario's delivery, with the persistence of the publisher group the plan's own fields are. */
    static DeliveryPlan delivery(DeliverySpec delivery, boolean persistent) {
        DeliveryPlan.AckMode ack = switch (delivery.ack()) {
            case AUTO -> DeliveryPlan.AckMode.AUTO;
            case DUPS_OK -> DeliveryPlan.AckMode.DUPS_OK;
            case CLIENT -> DeliveryPlan.AckMode.CLIENT;
            case TRANSACTED -> DeliveryPlan.AckMode.TRANSACTED;
        };
        return new DeliveryPlan(persistent, ack, delivery.durable(), delivery.ackEvery(),
                delivery.transactionSize(), delivery.asyncSend());
    }

    static PublisherFaults faults(PublisherSpec.Faults faults) {
        return faults == null ? null : new PublisherFaults(faults.dropEvery(), faults.repeatEvery(),
                faults.failAfterSendEvery(), faults.failAfterCommitEvery());
    }

    static Credentials credentials(BrokerCredentials credentials) {
        return credentials == null ? null : new Credentials(credentials.user(), credentials.password());
    }
}
