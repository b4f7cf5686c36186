package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.rate.RateSteps;
import io.jmsbench.rate.SendSchedule;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.run.workers.AuditUnion;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.workload.ExpectedReplication;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One point's plan, made once ({@link #of}) from its scenario and settings and read whole by its
 * driver and its judge, neither of which works any of it out again: the clients, who requests a
 * reply, the replication grade expected, the target over time, what latency is measured from, what
 * a time to live lets expire, and what kind of point it is.
 *
 * @param publishers       the publisher clients, in order
 * @param subscribers      the subscriber clients, in order
 * @param requesters       the ids of the publishers that are requesters (empty without request/reply)
 * @param unions           the subscribers audited together, and the part of each stream they take
 * @param grade            the replication grade expected, per publisher group
 * @param backlogGrade     the copies per message sent, where the samples follow the backlog (late,
 *                         leaving or slow subscribers); else 0
 * @param target           the total target rate over time on a rate profile, {@code null} otherwise
 * @param latencyBasis     what latency is measured from ({@link LatencyFigures#basis})
 * @param expiry           what a time to live lets expire
 * @param profile          the publishers follow a rate profile
 * @param scheduled        some subscribers join late, leave early or are slow: a deliberate backlog
 * @param capacity         a capacity point: saturated publishers, no faults, no scheduled subscribers
 * @param brokerReused     one broker serves every point of the run ({@code broker.reuse} with several)
 */
public record PointPlan(Scenario scenario, List<ClientPlan> publishers, List<ClientPlan> subscribers,
                        Set<String> requesters, List<AuditUnion> unions, GroupGrade grade, double backlogGrade, SendSchedule target,
                        String latencyBasis, ExpiryExpectation expiry, boolean profile, boolean scheduled,
                        boolean capacity, boolean brokerReused) {

    public PointPlan {
        publishers = List.copyOf(publishers);
        subscribers = List.copyOf(subscribers);
        requesters = Set.copyOf(requesters);
        unions = List.copyOf(unions);
    }

    public static PointPlan of(Scenario scenario, boolean brokerReused) {
        List<ClientPlan> publishers = ClientPlans.publishers(scenario);
        List<ClientPlan> subscribers = ClientPlans.subscribers(scenario);
        boolean scheduled = scenario.subscribers().stream().anyMatch(SubscriberGroup::scheduled);
        boolean profile = scenario.publishers().rate() instanceof PublishRate.Profile;
        return new PointPlan(scenario, publishers, subscribers,
                publishers.stream().filter(p -> p.reply() != null).map(ClientPlan::id).collect(Collectors.toSet()),
                AuditUnion.of(scenario, subscribers, publishers), new GroupGrade(scenario), scheduled ? ExpectedReplication.of(scenario) : 0,
                RateSteps.totalSchedule(scenario.publishers().rate()),
                LatencyFigures.basis(scenario.publishers().saturated(), profile), ExpiryExpectation.of(scenario),
                profile, scheduled, scenario.publishers().saturated() && scenario.faults().isEmpty() && !scheduled,
                brokerReused);
    }

    /** The half-width over the mean an auto window asks for; NaN for a fixed window. */
    public double precisionTarget() {
        return scenario.phases().measureAuto() ? scenario.phases().precision() : Double.NaN;
    }
}
