package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.report.BacklogFigures;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.BrokerHealth;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.workers.Placement;
import io.jmsbench.scenario.Scenario;

/**
 * Everything the rules read about one point, worked out once ({@link #of}) and never again by a
 * rule: its plan, what its driver observed, where it ran, the window's figures, what expired apart
 * from what was lost, the audit as reported (its lost count what the expiry leaves), the broker's own
 * counts and what its management interface said, the grade expected of what was sent, the backlog's
 * figures and whether anything measured the broker's CPU.
 *
 * @param hostCores         this machine's online CPUs
 * @param audit             the stream audit less what expired; {@code null} when the point ended before it
 * @param brokerCounts      the broker's own counts; {@code null} when they could not be read
 * @param brokerHealth      what an external broker's management interface said; {@code null}: not asked
 * @param expectedGrade     the grade expected of what the publishers sent: per group, weighted by their counts
 * @param backlog           the backlog's figures with late, leaving or slow subscribers; {@code null} otherwise
 * @param brokerCpuMeasured whether anything measured the broker's CPU over a completed window
 */
public record PointFacts(PointPlan plan, PointObservation observation, int hostCores, WindowFigures figures,
                         ExpiryFigures expiry, AuditCounts audit, BrokerCounts brokerCounts, BrokerHealth brokerHealth,
                         double expectedGrade, BacklogFigures backlog, boolean brokerCpuMeasured) {

    public static PointFacts of(PointPlan plan, PointObservation o, BrokerCounts brokerCounts, BrokerHealth brokerHealth,
                                int hostCores) {
        ExpiryFigures expiry = plan.expiry().figures(o.audit(), brokerCounts);
        AuditCounts audit = o.audit() == null || expiry == null || !expiry.known() ? o.audit()
                : o.audit().withLost(expiry.lost());
        return new PointFacts(plan, o, hostCores, WindowFigures.of(o, hostCores), expiry, audit, brokerCounts,
                brokerHealth, plan.grade().of(o.publishersFinal()), ScheduleRules.backlog(plan, o),
                o.windowComplete() && HostRules.brokerCpuMeasured(o));
    }

    public Scenario scenario() {
        return plan.scenario();
    }

    public boolean windowComplete() {
        return observation.windowComplete();
    }

    public Placement placement() {
        return observation.placement();
    }

    /**
     * Whether the window's figure claims to be the broker's capacity: a saturated capacity point
     * ({@link PointPlan#capacity}), or the held window of {@code rate: sustainable}, whose rate is the
     * highest the broker was found to sustain. Rules about what the figure needs to stand (its
     * steadiness shown, no foreign load on the broker's cores) read this; rules that need the
     * publishers saturated (the broker the CPU bottleneck) read the plan's {@code capacity}.
     */
    boolean capacityClaim() {
        return plan.capacity() || scenario().publishers().sustainable();
    }

    /**
     * A completed window with nothing measuring the broker's CPU where a rule reads it: saturated
     * publishers (was the broker saturated?), or a capacity claim on a shared host ({@link
     * #sharedHostClaim}).
     */
    boolean brokerCpuUnverified() {
        return windowComplete() && !brokerCpuMeasured && (scenario().publishers().saturated() || sharedHostClaim());
    }

    /**
     * A capacity claim on a shared host, whose foreign load is the host's busy time less the run's
     * own JVMs': without the broker's CPU its own work would count as another process's.
     */
    boolean sharedHostClaim() {
        return capacityClaim() && placement().layout() == Placement.Layout.SHARED_HOST;
    }

    /** Receipts per message sent over the whole point, once drained; NaN when nothing was sent. */
    public double measuredGrade() {
        long sent = observation.publishersFinal() == null ? 0 : observation.publishersFinal().messages();
        long got = observation.subscribersFinal() == null ? 0 : observation.subscribersFinal().messages();
        return sent == 0 ? Double.NaN : (double) got / sent;
    }
}
