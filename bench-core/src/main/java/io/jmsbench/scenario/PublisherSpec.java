package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;

/**
 * The publisher pool: one or more {@code groups}, each of clients with their own connection, session
 * and producer, sending saturated ({@code rate: max}) or at a fixed total rate in msgs/s, split evenly
 * over the group's clients, with the group's message and delivery mode. A single {@code publishers:}
 * mapping is one group ({@link PublisherGroup#defaultName(int) publishers-1}) that sends the scenario's
 * message, persistent as the scenario's delivery says ({@link #over}); {@code listed} says whether the
 * file gave a list, and only decides how the pool is written back ({@link Written}).
 * {@code faults} is a test hook ({@code null} normally) that makes publishers lose or duplicate
 * messages on purpose, so that tests can prove the audit counts them.
 *
 * <p>{@code connections}: the clients share this many connections, each client a session and
 * producer of its own on one of them, and a few scheduler threads send for all of them
 * ({@code null}: a connection and a thread per client, and left out of the JSON).
 */
public record PublisherSpec(List<PublisherGroup> groups, Faults faults, Integer connections, boolean listed) {

    public PublisherSpec {
        groups = List.copyOf(groups);
        if (groups.isEmpty()) {
            throw new IllegalArgumentException("expected at least one publisher group, found none");
        }
    }

    /**
     * A single {@code publishers:} mapping: {@code clients} at {@code rate}, whose message and delivery
     * mode are the scenario's (the {@link Scenario} that holds the pool sets them, {@link #over}; until
     * then, those of a scenario that says nothing of them).
     */
    public static PublisherSpec single(int clients, PublishRate rate, Faults faults, Integer connections) {
        return new PublisherSpec(List.of(new PublisherGroup(PublisherGroup.defaultName(0), clients, rate,
                MessageSpec.builder().build(), Defaults.DELIVERY_PERSISTENT, null)), faults, connections, false);
    }

    public static PublisherSpec single(int clients, PublishRate rate) {
        return single(clients, rate, null, null);
    }

    /** A pool given as a list of groups. */
    public static PublisherSpec of(List<PublisherGroup> groups) {
        return new PublisherSpec(groups, null, null, true);
    }

    /**
     * This pool in a scenario that sends {@code message}, persistent or not as {@code persistent} says:
     * a single mapping's one group sends them; a list's groups say their own.
     */
    public PublisherSpec over(MessageSpec message, boolean persistent) {
        if (listed) {
            return this;
        }
        PublisherGroup one = groups.get(0);
        return new PublisherSpec(List.of(new PublisherGroup(one.name(), one.clients(), one.rate(), message, persistent,
                one.replyTo())), faults, connections, false);
    }

    /** This pool at {@code rate} (a search's step; a search has one group). */
    public PublisherSpec withRate(PublishRate rate) {
        if (groups.size() != 1) {
            throw new IllegalStateException("expected one publisher group to set the rate of, found " + groups.size());
        }
        return new PublisherSpec(List.of(groups.get(0).withRate(rate)), faults, connections, listed);
    }

    /** The clients of every group. */
    public int clients() {
        return groups.stream().mapToInt(PublisherGroup::clients).sum();
    }

    /** The total rate: one group's own, else saturated when any group is, else the groups' fixed rates summed. */
    public PublishRate rate() {
        if (groups.size() == 1) {
            return groups.get(0).rate();
        }
        boolean saturated = groups.stream().anyMatch(g -> !(g.rate() instanceof PublishRate.PerSecond));
        return saturated ? new PublishRate.Max() : new PublishRate.PerSecond(groups.stream()
                .mapToDouble(g -> ((PublishRate.PerSecond) g.rate()).total()).sum());
    }

    /** The index of the group whose clients include the publisher at {@code publisherIndex} (0-based, in order). */
    public int groupOf(int publisherIndex) {
        int end = 0;
        for (int g = 0; g < groups.size(); g++) {
            end += groups.get(g).clients();
            if (publisherIndex < end) {
                return g;
            }
        }
        throw new IllegalArgumentException("no publisher " + publisherIndex + " among " + end);
    }

    /** Whether the clients share connections and a scheduler rather than each having its own. */
    public boolean sharesConnections() {
        return connections != null;
    }

    public boolean saturated() {
        return rate() instanceof PublishRate.Max;
    }

    /**
     * Each client's fixed rate in msgs/s (the total rate split evenly; a closed loop's first one), NaN
     * when saturated (the wire's form).
     */
    public double ratePerClient() {
        return rate() instanceof PublishRate.PerSecond fixed ? fixed.total() / clients()
                : rate() instanceof PublishRate.Sustainable ? PublishRate.Sustainable.START / clients() : Double.NaN;
    }

    /** Whether a closed loop finds the rate within the point ({@code rate: sustainable}). */
    public boolean sustainable() {
        return rate() instanceof PublishRate.Sustainable;
    }

    /**
     * The groups as the file listed them, which the reports write: none for a single mapping, whose one
     * group is the pool's and the scenario's own fields.
     */
    public List<PublisherGroup> listedGroups() {
        return listed ? groups : List.of();
    }

    /** The pool as report.json holds it: a single mapping without {@code groups}, a list with them. */
    @JsonValue
    Written written() {
        return new Written(clients(), rate(), faults, listedGroups(), connections);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PublisherSpec read(Written written) {
        return written.groups().isEmpty()
                ? single(written.clients(), written.rate(), written.faults(), written.connections())
                : new PublisherSpec(written.groups(), written.faults(), written.connections(), true);
    }

    /**
     * The written form: {@code clients} in all and the total {@code rate}; {@code groups} only for a
     * list (left out of the JSON for a single mapping, whose message and delivery are the scenario's).
     */
    record Written(int clients, PublishRate rate, Faults faults,
                   @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PublisherGroup> groups,
                   @JsonInclude(JsonInclude.Include.NON_NULL) Integer connections) {

        Written {
            groups = groups == null ? List.of() : List.copyOf(groups);
        }
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
