package io.jmsbench.run.point;

import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.AuditMerge;
import io.jmsbench.run.workers.Workers;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.time.Duration;

/**
 * A point's drain, once its publishers stopped: waits until the subscribers have every message they
 * should get (as many as expected, and none missing from an audited stream), go quiet, or the drain
 * bound passes, still sampling every second; then, with requesters, for their replies.
 */
final class DrainPhase {

    /** A drain ends early once no receipt arrived for this long. */
    static final Duration QUIET = Duration.ofSeconds(2);
    private static final long POLL_NANOS = 100_000_000L;

    private final PointPlan plan;
    private final Workers workers;
    private final Readings readings;
    private final PointClock clock;

    DrainPhase(PointPlan plan, Workers workers, Readings readings, PointClock clock) {
        this.plan = plan;
        this.workers = workers;
        this.readings = readings;
        this.clock = clock;
    }

    /** {@code previous}: the window's last reading; {@code publishers}: their final counts. */
    Drained run(Seconds seconds, Snapshot previous, Counters publishers) throws AgentException, RunAborted,
            RunFailure, BrokerDown, IOException {
        long expected = plan.grade().expectedCopies(publishers);
        long drainStart = clock.nanoTime();
        long deadline = drainStart + plan.scenario().phases().drain().toNanos();
        long lastReceipt = drainStart;
        long lastCount = -1;
        long tick = seconds.tickAfter(drainStart);
        long auditedAt = -1;
        AuditCounts audit = null;
        DrainEnd ended;
        Counters counters;
        while (true) {
            counters = workers.subscriberCounters();
            long now = clock.nanoTime();
            if (counters.messages() != lastCount) {
                lastCount = counters.messages();
                lastReceipt = now;
            }
            if (now >= tick) {
                readings.failIfBrokerDown();
                Snapshot snap = readings.completed(publishers, counters);
                seconds.add(previous, snap, now, Phase.DRAIN, null);
                previous = snap;
                tick += Seconds.SECOND;
            }
            // duplicates and redeliveries count too, so the count can be reached while messages are still on
            // their way: complete only once the audited streams miss nothing; pull the audit again only when
            // more messages came
            if (counters.messages() >= expected && counters.messages() != auditedAt) {
                audit = audit(publishers);
                auditedAt = counters.messages();
                if (audit.lost() == 0) {
                    ended = DrainEnd.COMPLETE;
                    break;
                }
            }
            ended = now - lastReceipt >= QUIET.toNanos() ? DrainEnd.QUIET : now >= deadline ? DrainEnd.TIMEOUT : null;
            if (ended != null) {
                break;
            }
            clock.sleepUntil(Math.min(now + POLL_NANOS, deadline));
        }
        Drain drain = new Drain(ended, (clock.nanoTime() - drainStart) / 1e9, expected, counters.messages());
        String endedAt = clock.now().toString();
        if (ended != DrainEnd.COMPLETE) {
            audit = audit(publishers);
        }
        RoundTrip roundTrip = plan.requesters().isEmpty() ? null : awaitReplies(publishers, deadline);
        return new Drained(drain, counters, audit, endedAt, roundTrip);
    }

    private AuditCounts audit(Counters publishers) throws AgentException {
        return AuditMerge.of(plan.subscribers(), plan.publishers(), publishers, workers.audit(), plan.unions());
    }

    /**
     * Once the subscribers drained, waits for the requesters' replies: until every request has one,
     * none came for {@link #QUIET}, or the drain's bound (at least {@link #QUIET} from now) passed.
     */
    private RoundTrip awaitReplies(Counters publishers, long drainDeadline) throws RunAborted {
        long requests = publishers.clients().stream().filter(c -> plan.requesters().contains(c.client()))
                .mapToLong(ClientCount::messages).sum();
        Histogram window = Histograms.empty();
        long start = clock.nanoTime();
        long deadline = Math.max(drainDeadline, start + QUIET.toNanos());
        long replies = 0;
        long lastChange = start;
        while (true) {
            ReplyInterval interval = workers.replies();
            long now = clock.nanoTime();
            if (interval != null) {
                window.add(Histograms.decode(interval.histogram()));
                if (interval.replies() != replies) {
                    replies = interval.replies();
                    lastChange = now;
                }
            }
            if (replies >= requests || now - lastChange >= QUIET.toNanos() || now >= deadline) {
                return RoundTrip.of(requests, replies, LatencyFigures.of(window, plan.latencyBasis()));
            }
            clock.sleepUntil(Math.min(now + POLL_NANOS, deadline));
        }
    }
}
