package io.jmsbench.run.point;

import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.point.PointObservation.Ending;
import io.jmsbench.run.workers.AuditMerge;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.stats.Transient;
import io.jmsbench.workload.ExpectedReplication;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs one point through its phases, top to bottom: {@link Phase#CONNECT} the clients,
 * {@link Phase#WARMUP} and {@link Phase#MEASURE} with one sample per second, stop the publishers,
 * {@link Phase#DRAIN} until every expected receipt came (or the subscribers went quiet, or the
 * bound passed), then {@link Phase#COLLECT} whatever ended the point. It judges nothing: it
 * returns what it saw as a {@link PointObservation}. A failure or an abort ends the phases, never
 * the collection; closing the clients is the caller's.
 */
public final class PointDriver {

    static final long SECOND = 1_000_000_000L;
    /** How long the publishers may send nothing before the point is given up as stalled. */
    static final Duration STALL = Duration.ofSeconds(15);
    /** A drain ends early once no receipt arrived for this long. */
    static final Duration QUIET = Duration.ofSeconds(2);
    private static final long DRAIN_POLL_NANOS = 100_000_000L;
    /** How often a count-bounded window looks at the publishers' counts: overshoot stays within ~20 ms. */
    private static final long COUNT_POLL_NANOS = 20_000_000L;

    private final Scenario scenario;
    private final Workers workers;
    private final Workers.PlanFactory plans;
    private final Gauges gauges;
    private final PointClock clock;
    private final SampleSink sink;
    private final PrintStream console;
    private final Faults faults;
    private final List<ClientPlan> publisherPlans;
    private final List<ClientPlan> subscriberPlans;
    private final Progress p;

    public PointDriver(Scenario scenario, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console) {
        this(scenario, workers, plans, gauges, clock, sink, console, Faults.NONE);
    }

    /** A point that injects {@code faults} into its broker while the publishers run. */
    public PointDriver(Scenario scenario, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console, Faults faults) {
        this.faults = faults;
        this.scenario = scenario;
        this.workers = workers;
        this.plans = plans;
        this.gauges = gauges;
        this.clock = clock;
        this.sink = sink;
        this.console = console;
        this.publisherPlans = ClientPlans.publishers(scenario);
        this.subscriberPlans = ClientPlans.subscribers(scenario);
        this.p = new Progress(clock);
    }

    /** Runs the point, whose set-up (broker, agents) began at {@code pointStartNanos} of the clock. */
    public PointObservation run(long pointStartNanos, io.jmsbench.report.Environment.BrokerFacts broker)
            throws IOException {
        try {
            connect(pointStartNanos);
            Snapshot last = measure();
            stopPublishers();
            drain(last);
        } catch (RunFailure | AgentException e) {
            p.ending = Ending.failed(e.getMessage());
        } catch (RunAborted e) {
            p.ending = Ending.aborted(e.getMessage());
        } catch (RuntimeException e) {
            // a fault of ours must still leave a report with what was measured, never a lost run
            p.ending = Ending.failed("internal error: " + e);
        }
        collect();
        return p.observation(scenario, workers.placement(), broker);
    }

    private void connect(long pointStartNanos) throws RunFailure, AgentException, RunAborted {
        Workers.Prepared prepared = workers.prepare(publisherPlans, subscriberPlans, plans);
        p.prepared = prepared;
        p.mark(Progress.CLIENTS_READY);
        p.readySeconds = (clock.nanoTime() - pointStartNanos) / 1e9;
        console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%s%n", publisherPlans.size(),
                subscriberPlans.size(), p.readySeconds, workers.describe());
        clock.check();
    }

    /**
     * Warm-up, then the window, one sample a second; returns the last reading. A fixed warm-up ends
     * at its time, an auto one once the rates are steady (or at its bound); a fixed window ends at
     * its time or its message count, an auto one once its rates are precise enough (or at its bound).
     */
    private Snapshot measure() throws AgentException, RunAborted, RunFailure, IOException {
        Phases phases = scenario.phases();
        Snapshot previous = snapshot();
        long start = clock.nanoTime();
        p.publishStart = start;
        workers.start();
        faults.start(System.nanoTime() - (clock.nanoTime() - start)); // the samples' zero, on the faults' clock
        p.mark(Progress.PUBLISH_START);
        long warmupEnd = start + phases.warmup().toNanos();
        long measureEnd = Long.MAX_VALUE;
        Phase phase = Phase.WARMUP;
        if (warmupEnd == start) {
            measureEnd = openWindow(previous, start, Windows.TIME);
            phase = Phase.MEASURE;
        }
        long nextTick = start + SECOND;
        long lastProgress = start;
        long bound = phases.messages();
        while (true) {
            long target = Math.min(nextTick, phase == Phase.WARMUP ? warmupEnd : measureEnd);
            boolean countReached = phase == Phase.MEASURE && bound > 0
                    && waitForCount(p.windowStart.publishers().messages() + bound, target);
            if (countReached) {
                target = clock.nanoTime();
            } else {
                clock.sleepUntil(target);
            }
            Snapshot now = snapshot();
            emit(previous, now, target, phase);
            if (now.publishers().messages() > previous.publishers().messages()) {
                lastProgress = now.nanos();
            } else if (now.nanos() - lastProgress >= STALL.toNanos()) {
                p.windowEnd = phase == Phase.MEASURE ? now : null;
                throw new RunFailure("stalled: the publishers sent nothing for " + STALL.toSeconds() + " s (broker "
                        + "or the network to it down?)" + lastError(now.publishers()).map(e -> "; last send error: " + e)
                        .orElse(""));
            }
            previous = now;
            if (phase == Phase.MEASURE) {
                String end = countReached ? Windows.MESSAGES
                        : phases.measureAuto() && AutoWindows.precise(p.samplesOf(Phase.MEASURE), phases.precision())
                        ? Windows.PRECISION
                        : target == measureEnd ? (phases.measureAuto() ? Windows.BOUND : Windows.TIME) : null;
                if (end != null) {
                    p.windowEnd = now;
                    p.windowEndedBy = end;
                    p.mark(Progress.MEASURE_END);
                    return now;
                }
            } else {
                String end = warmupEnd(phases, target == warmupEnd);
                if (end != null) {
                    measureEnd = openWindow(now, target, end);
                    phase = Phase.MEASURE;
                }
            }
            if (target == nextTick) {
                nextTick += SECOND;
            }
        }
    }

    /** Why the warm-up ends after this second's sample, {@code null} while it goes on. */
    private String warmupEnd(Phases phases, boolean atBound) {
        if (!phases.warmupAuto()) {
            return atBound ? Windows.TIME : null;
        }
        Transient found = AutoWindows.transientOf(p.samplesOf(Phase.WARMUP));
        if (found.over()) {
            p.transientSeconds = found.truncation();
            return Windows.STEADY;
        }
        return atBound ? Windows.BOUND : null;
    }

    /**
     * Opens the window at this reading, taken for the tick {@code tick}; returns when its time (or its
     * auto bound) ends it: on a tick, so that no sliver of a second ends the window as a sample of its own.
     */
    private long openWindow(Snapshot at, long tick, String warmupEndedBy) {
        p.windowStart = at;
        p.warmupEndedBy = warmupEndedBy;
        p.warmupSeconds = (at.nanos() - p.publishStart) / 1e9;
        p.mark(Progress.MEASURE_START);
        if (scenario.phases().warmupAuto()) {
            console.printf(java.util.Locale.ROOT, "  warm-up  %s after %.0f s%s%n", Windows.STEADY.equals(warmupEndedBy)
                    ? "steady" : "NOT steady (maxWarmup reached)", p.warmupSeconds, Windows.STEADY.equals(warmupEndedBy)
                    ? String.format(java.util.Locale.ROOT, " (MSER-5: start-up transient %.0f s)", p.transientSeconds)
                    : "");
        }
        return tick + scenario.phases().measure().toNanos();
    }

    /** For a window bounded by a message count: true once the publishers sent {@code total}, false at {@code deadline}. */
    private boolean waitForCount(long total, long deadline) throws RunFailure, RunAborted {
        while (clock.nanoTime() < deadline) {
            if (workers.sent() >= total) {
                return true;
            }
            clock.sleepUntil(Math.min(deadline, clock.nanoTime() + COUNT_POLL_NANOS));
        }
        return false;
    }

    private void stopPublishers() throws RunFailure {
        List<String> problems = new ArrayList<>();
        p.publishersFinal = workers.stopPublishers(problems);
        if (p.publishersFinal == null) {
            throw new RunFailure("the publishers could not be stopped: " + String.join("; ", problems));
        }
        p.mark(Progress.PUBLISH_STOP);
    }

    /**
     * Waits until the subscribers have every message they should get (as many as expected, and none
     * missing from an audited stream), go quiet, or the drain bound passes.
     */
    private void drain(Snapshot previous) throws AgentException, RunAborted, RunFailure, IOException {
        long expected = Math.round(ExpectedReplication.of(scenario) * p.publishersFinal.messages());
        long drainStart = clock.nanoTime();
        long deadline = drainStart + scenario.phases().drain().toNanos();
        long lastProgress = drainStart;
        long lastCount = -1;
        long nextTick = p.publishStart + ((drainStart - p.publishStart) / SECOND + 1) * SECOND;
        long auditedAt = -1;
        String outcome;
        Counters counters;
        while (true) {
            counters = workers.subscriberCounters();
            long now = clock.nanoTime();
            if (counters.messages() != lastCount) {
                lastCount = counters.messages();
                lastProgress = now;
            }
            if (now >= nextTick) {
                failIfBrokerDown();
                Snapshot snap = localReading(p.publishersFinal, counters);
                emit(previous, snap, now, Phase.DRAIN);
                previous = snap;
                nextTick += SECOND;
            }
            // duplicates and redeliveries count too, so the count can be reached while messages are still on
            // their way: complete only once the audited streams miss nothing; pull the audit again only when
            // more messages came
            if (counters.messages() >= expected && counters.messages() != auditedAt) {
                p.audit = audit();
                auditedAt = counters.messages();
                if (p.audit.lost() == 0) {
                    outcome = "complete";
                    break;
                }
            }
            if (now - lastProgress >= QUIET.toNanos()) {
                outcome = "quiet";
                break;
            }
            if (now >= deadline) {
                outcome = "timeout";
                break;
            }
            clock.sleepUntil(Math.min(now + DRAIN_POLL_NANOS, deadline));
        }
        p.subscribersFinal = counters;
        p.drain = new Drain(outcome, (clock.nanoTime() - drainStart) / 1e9, expected, counters.messages());
        p.mark(Progress.DRAIN_END);
        if (!"complete".equals(outcome)) {
            p.audit = audit();
        }
    }

    private AuditCounts audit() throws AgentException {
        return AuditMerge.of(subscriberPlans, publisherPlans, p.publishersFinal, workers.audit());
    }

    /** Reads the final counts it still lacks, whatever ended the point. */
    private void collect() {
        p.faults = faults.stop();
        List<String> problems = new ArrayList<>();
        if (p.publishersFinal == null && p.publishStart >= 0) {
            p.publishersFinal = workers.stopPublishers(problems);
        }
        if (p.subscribersFinal == null && p.prepared != null) {
            try {
                p.subscribersFinal = workers.subscriberCounters();
            } catch (RunFailure e) {
                problems.add(e.getMessage());
            }
        }
        problems.forEach(problem -> console.println("jmsbench: " + problem));
    }

    private Snapshot snapshot() throws RunFailure {
        failIfBrokerDown();
        Counters publishers = workers.publisherCounters();
        Counters subscribers = workers.subscriberCounters();
        return localReading(publishers, subscribers);
    }

    /**
     * Completes a reading with the latencies and hosts (calls to the agents), then this machine's
     * clock and gauges together: the broker's and the controller's CPU time are divided by this
     * clock, so nothing slow may come between the two.
     */
    private Snapshot localReading(Counters publishers, Counters subscribers) {
        LatencyInterval latency = workers.latency();
        java.util.Map<String, io.jmsbench.protocol.HostSample> hosts = workers.hosts();
        long now = clock.nanoTime();
        return Snapshot.of(now, publishers, subscribers, latency, gauges.read(), hosts);
    }

    private void failIfBrokerDown() throws RunFailure {
        String down = gauges.brokerDown();
        if (down != null) {
            throw new RunFailure(down);
        }
    }

    private void emit(Snapshot from, Snapshot to, long atNanos, Phase phase) throws IOException {
        LatencyInterval raw = to.latency();
        Histogram latency = raw == null ? Histograms.empty() : Histograms.decode(raw.histogram());
        if (phase == Phase.MEASURE) {
            p.window.add(latency);
        }
        var sample = IntervalSamples.between(from, to, (atNanos - p.publishStart) / 1e9, phase, latency);
        p.samples.add(sample);
        sink.accept(sample, raw);
    }

    public static java.util.Optional<String> lastError(Counters counters) {
        return counters == null ? java.util.Optional.empty() : counters.clients().stream().map(ClientCount::lastError)
                .filter(Objects::nonNull).reduce((a, b) -> b);
    }
}
