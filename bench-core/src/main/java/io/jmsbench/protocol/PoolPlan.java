package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * {@code POST /prepare}: the clients an agent connects, and everything they need to know;
 * {@code ratePerClient} is each publisher's fixed rate in msgs/s, NaN when saturated;
 * {@code faults} is {@code null} but in tests of the audit;
 * {@code clockOffsetNanos} is this agent's clock minus the controller's, which its clients subtract
 * from every timestamp they write or compare, so latency across hosts is measured on one clock;
 * {@code credentials} log the clients in to the broker ({@code null}: anonymous);
 * {@code tls} is how they reach it over TLS ({@code null}: as the URL says, and left out of the JSON,
 * so that an agent of an earlier version still reads a plan without TLS);
 * {@code rateProfile} is each publisher's rate over time when it changes ({@code null}: the fixed
 * {@code ratePerClient}, or saturated; left out of the JSON likewise);
 * {@code groups} are the publisher groups (one for a single {@code publishers:} mapping), each
 * publisher naming its own ({@link ClientPlan#group}); the pool's {@code message}, {@code variants},
 * {@code delivery.persistent}, {@code ratePerClient} and {@code rateProfile} are the first group's
 * (what subscribers read; empty only in a plan without publishers, such as the monitor's, and then
 * left out of the JSON);
 * {@code connections} is how many connections the publishers share, each client a session and
 * producer of its own on one of them, sent by a shared scheduler ({@code null}: a connection and a
 * thread per client; left out of the JSON likewise; subscribers ignore it);
 * {@code closedLoop} is true when a closed loop changes the publishers' rate while they run
 * ({@code POST /rate}), {@code ratePerClient} being the rate they start at ({@code null}: a rate that
 * does not change; left out of the JSON likewise).
 *
 * <p>Every part is a protocol record, never a scenario one: what an agent is told changes only
 * when this package changes, not with each new scenario key. The controller's {@code PoolPlans}
 * is the one place that translates a scenario into a plan.
 */
public record PoolPlan(String runId, Provider provider, String brokerUrl, DestinationPlan destination,
                       MessagePlan message, List<VariantPlan> variants, DeliveryPlan delivery,
                       double ratePerClient, PublisherFaults faults, List<ClientPlan> clients,
                       long clockOffsetNanos, Credentials credentials,
                       @JsonInclude(JsonInclude.Include.NON_NULL) TlsPlan tls,
                       @JsonInclude(JsonInclude.Include.NON_NULL) List<RateStep> rateProfile,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PublisherGroupPlan> groups,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer connections,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Boolean closedLoop) {

    /** A plan without TLS, rate profile, publisher groups or shared connections (the monitor's). */
    public PoolPlan(String runId, Provider provider, String brokerUrl, DestinationPlan destination,
                    MessagePlan message, List<VariantPlan> variants, DeliveryPlan delivery, double ratePerClient,
                    PublisherFaults faults, List<ClientPlan> clients, long clockOffsetNanos, Credentials credentials) {
        this(runId, provider, brokerUrl, destination, message, variants, delivery, ratePerClient, faults, clients,
                clockOffsetNanos, credentials, null, null, List.of(), null, null);
    }

    public PoolPlan {
        variants = List.copyOf(variants);
        clients = List.copyOf(clients);
        rateProfile = rateProfile == null ? null : List.copyOf(rateProfile);
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** The group whose messages {@code publisher} sends. */
    public PublisherGroupPlan groupOf(ClientPlan publisher) {
        return groups.get(publisher.group());
    }

    /**
     * This plan as the clients of {@code group} follow it: the group's message, variants, delivery mode
     * and rate in the pool's fields, which the send loops read.
     */
    public PoolPlan sentBy(PublisherGroupPlan group) {
        DeliveryPlan d = new DeliveryPlan(group.persistent(), delivery.ack(), delivery.durable(), delivery.ackEvery(),
                delivery.transactionSize(), delivery.asyncSend());
        return new PoolPlan(runId, provider, brokerUrl, destination, group.message(), group.variants(), d,
                group.ratePerClient(), faults, clients, clockOffsetNanos, credentials, tls, group.rateProfile(),
                groups, connections, closedLoop);
    }

    /** Whether a closed loop turns the publishers' rate while they run. */
    public boolean followsClosedLoop() {
        return Boolean.TRUE.equals(closedLoop);
    }
}
