package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * The publisher pool: {@code clients} connections, each with its own session and producer, sending
 * saturated ({@code rate: max}) or at a fixed total rate in msgs/s, split evenly over the clients.
 * {@code faults} is a test hook ({@code null} normally) that makes publishers lose or duplicate
 * messages on purpose, so that tests can prove the audit counts them.
 *
 * <p>Given as a list, the pool is made of {@code groups} (empty for a single mapping, and then left
 * out of the JSON): {@code clients} is then their sum and {@code rate} their total, saturated when any
 * group is; each group's own message, rate and delivery mode are in its {@link PublisherGroup}.
 *
 * <p>{@code connections}: the clients share this many connections, each client a session and
 * producer of its own on one of them, and a few scheduler threads send for all of them
 * ({@code null}: a connection and a thread per client, and left out of the JSON).
 */
public record PublisherSpec(int clients, PublishRate rate, Faults faults,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PublisherGroup> groups,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Integer connections) {

    public PublisherSpec {
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    public PublisherSpec(int clients, PublishRate rate, Faults faults, List<PublisherGroup> groups) {
        this(clients, rate, faults, groups, null);
    }

    /** Whether the clients share connections and a scheduler rather than each having its own. */
    public boolean sharesConnections() {
        return connections != null;
    }

    public PublisherSpec(int clients, PublishRate rate, Faults faults) {
        this(clients, rate, faults, List.of());
    }

    public PublisherSpec(int clients, PublishRate rate) {
        this(clients, rate, null);
    }

    /** The pool of a list of groups: their clients summed, their rates totalled. */
    public static PublisherSpec of(List<PublisherGroup> groups) {
        int clients = groups.stream().mapToInt(PublisherGroup::clients).sum();
        boolean saturated = groups.stream().anyMatch(g -> !(g.rate() instanceof PublishRate.PerSecond));
        PublishRate total = groups.size() == 1 ? groups.get(0).rate() : saturated ? new PublishRate.Max()
                : new PublishRate.PerSecond(groups.stream().mapToDouble(g -> ((PublishRate.PerSecond) g.rate()).total()).sum());
        return new PublisherSpec(clients, total, null, groups);
    }

    /** Whether the publishers were given as a list of groups (even a list of one). */
    public boolean grouped() {
        return !groups.isEmpty();
    }

    public boolean saturated() {
        return rate instanceof PublishRate.Max;
    }

    /** Each client's fixed rate in msgs/s (the total rate split evenly), NaN when saturated (the wire's form). */
    public double ratePerClient() {
        return rate instanceof PublishRate.PerSecond fixed ? fixed.total() / clients : Double.NaN;
    }

    /**
     * Every {@code dropEvery}-th message is counted as sent but never sent (a lost message); every
     * {@code repeatEvery}-th is sent twice under one sequence number (a duplicate); every
     * {@code failAfterSendEvery}-th send fails after the broker took it, and is made again (in
     * doubt); every {@code failAfterCommitEvery}-th commit fails after the broker committed, and the
     * transaction is made again (in doubt). 0: never.
     */
    public record Faults(int dropEvery, int repeatEvery, int failAfterSendEvery, int failAfterCommitEvery) {
    }
}
