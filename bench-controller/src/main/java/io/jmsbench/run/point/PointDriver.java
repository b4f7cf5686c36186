package io.jmsbench.run.point;

import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.rate.RateSteps;
import io.jmsbench.rate.SendSchedule;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.AuditMerge;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.stats.Transient;
import io.jmsbench.workload.ExpectedReplication;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs one point through its phases, one method each, top to bottom ({@link #run}): connect the
 * clients, start the publishers, warm up, measure, stop the publishers, drain, and collect the
 * final figures whatever ended the point. Each phase returns a record whose enum says how it
 * ended ({@link WarmupEnd}, {@link WindowEnd}, {@link DrainEnd}). It judges nothing: it returns what
 * it saw as a {@link PointObservation}. A failure or an abort ends the phases, never the
 * collection; closing the clients is the caller's.
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
    /** The ids of the publishers that are requesters (empty without request/reply). */
    private final Set<String> requesters;
    private final Gauges gauges;
    private final PointClock clock;
    private final SampleSink sink;
    private final PrintStream console;
    private final Faults faults;
    private final StallWitness witness;
    private final List<ClientPlan> publisherPlans;
    private final List<ClientPlan> subscriberPlans;
    /** The copies per message sent, where the samples follow the backlog (late, leaving or slow subscribers); else 0. */
    private final double backlogGrade;
    /** The total target rate over time on a rate profile, {@code null} otherwise. */
    private final SendSchedule target;

    // the per-second series, which the warm-up, the window and the drain extend in turn
    private final List<IntervalSample> samples = new ArrayList<>();
    /** When the publishers started ({@link PointClock#nanoTime}): the samples' zero. */
    private long publishStart;
    /** The next whole second after the publishers' start at which a sample is due. */
    private long nextTick;
    /** When the publishers' count last grew: a stall is measured from it. */
    private long lastProgress;

    public PointDriver(Scenario scenario, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console) {
        this(scenario, workers, plans, gauges, clock, sink, console, Faults.NONE);
    }

    /** A point that injects {@code faults} into its broker while the publishers run. */
    public PointDriver(Scenario scenario, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console, Faults faults) {
        this(scenario, workers, plans, gauges, clock, sink, console, faults, StallWitness.NONE);
    }

    /** As above; a stall asks {@code witness} what the broker says and takes the thread dumps. */
    public PointDriver(Scenario scenario, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console, Faults faults, StallWitness witness) {
        this.faults = faults;
        this.witness = witness;
        this.scenario = scenario;
        this.workers = workers;
        this.plans = plans;
        this.gauges = gauges;
        this.clock = clock;
        this.sink = sink;
        this.console = console;
        this.publisherPlans = ClientPlans.publishers(scenario);
        this.subscriberPlans = ClientPlans.subscribers(scenario);
        this.backlogGrade = scenario.subscribers().stream().anyMatch(SubscriberGroup::scheduled)
                ? ExpectedReplication.of(scenario) : 0;
        this.target = RateSteps.totalSchedule(scenario.publishers().rate());
        this.requesters = publisherPlans.stream().filter(p -> p.reply() != null).map(ClientPlan::id)
                .collect(Collectors.toUnmodifiableSet());
    }

    /** The publishers started at {@code nanos} of the point's clock, after the reading {@code before}. */
    private record Started(long nanos, Snapshot before, String at) {
    }

    /** The publishers stopped with these final counts. */
    private record Stopped(Counters publishers, String at) {
    }

    /** Runs the point, whose set-up (broker, agents) began at {@code pointStartNanos} of the clock. */
    public PointObservation run(long pointStartNanos, BrokerFacts broker) throws IOException {
        Ending ending = Ending.COMPLETED;
        Connected connected = null;
        Started started = null;
        Warmup warmup = null;
        Window window = null;
        Stopped stopped = null;
        Drained drained = null;
        try {
            connected = connect(pointStartNanos);
            started = startPublishers();
            warmup = warmUp(started);
            window = measure(warmup);
            stopped = stopPublishers();
            drained = drain(window.end(), stopped);
        } catch (WindowCut e) {
            window = e.window();
            ending = endingOf((Exception) e.getCause(), connected != null);
        } catch (Stall | BrokerDown | RunFailure | AgentException | RunAborted | RuntimeException e) {
            ending = endingOf(e, connected != null);
        }
        Collected collected = collect(connected, started, stopped, drained, broker);
        return new PointObservation(ending, connected, warmup, window, drained, collected);
    }

    /**
     * What ended the point: once the clients are connected, the workers fail only for an agent that
     * went stale or could not stop its publishers; before, for clients that could not connect.
     */
    private static Ending endingOf(Exception e, boolean connected) {
        if (e instanceof Stall stall) {
            return stall.ending();
        }
        if (e instanceof BrokerDown) {
            return Ending.brokerDown(e.getMessage());
        }
        if (e instanceof RunAborted) {
            return Ending.interrupted(e.getMessage());
        }
        if (e instanceof AgentException || e instanceof RunFailure && connected) {
            return Ending.agentLost(e.getMessage());
        }
        // a fault of ours must still leave a report with what was measured, never a lost run
        return e instanceof RuntimeException ? Ending.internalError(e) : Ending.failed(e.getMessage());
    }

    private Connected connect(long pointStartNanos) throws RunFailure, AgentException, RunAborted {
        Workers.Prepared prepared = workers.prepare(publisherPlans, subscriberPlans, plans);
        double readySeconds = (clock.nanoTime() - pointStartNanos) / 1e9;
        Connected connected = new Connected(prepared, readySeconds, clock.now().toString());
        console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%s%n", publisherPlans.size(),
                subscriberPlans.size(), readySeconds, workers.describe());
        return connected;
    }

    private Started startPublishers() throws BrokerDown, RunFailure, AgentException, RunAborted {
        clock.check();
        Snapshot before = snapshot();
        long start = clock.nanoTime();
        publishStart = start;
        nextTick = start + SECOND;
        lastProgress = start;
        workers.start();
        faults.start(System.nanoTime() - (clock.nanoTime() - start)); // the samples' zero, on the faults' clock
        return new Started(start, before, clock.now().toString());
    }

    /**
     * One sample a second until the warm-up ends: a fixed one at its time, an auto one once the rates
     * are steady (MSER-5) or at its bound.
     */
    private Warmup warmUp(Started started) throws Stall, BrokerDown, RunFailure, RunAborted, IOException {
        Phases phases = scenario.phases();
        long end = started.nanos() + phases.warmup().toNanos();
        Snapshot previous = started.before();
        if (end == started.nanos()) {
            return new Warmup(WarmupEnd.TIME, (previous.nanos() - publishStart) / 1e9, Double.NaN, previous,
                    started.nanos(), started.at());
        }
        while (true) {
            long target = Math.min(nextTick, end);
            clock.sleepUntil(target);
            Snapshot now = tick(previous, target, Phase.WARMUP, null);
            previous = now;
            WarmupEnd ended = null;
            double transientSeconds = Double.NaN;
            if (phases.warmupAuto()) {
                Transient found = AutoWindows.transientOf(samplesOf(Phase.WARMUP));
                transientSeconds = found.over() ? found.truncation() : Double.NaN;
                ended = found.over() ? WarmupEnd.STEADY : target == end ? WarmupEnd.BOUND : null;
            } else if (target == end) {
                ended = WarmupEnd.TIME;
            }
            advance(target);
            if (ended != null) {
                Warmup warmup = new Warmup(ended, (now.nanos() - publishStart) / 1e9, transientSeconds, now, target,
                        started.at());
                if (phases.warmupAuto()) {
                    console.printf(Locale.ROOT, "  warm-up  %s after %.0f s%s%n", ended == WarmupEnd.STEADY ? "steady"
                            : "NOT steady (maxWarmup reached)", warmup.seconds(), ended == WarmupEnd.STEADY
                            ? String.format(Locale.ROOT, " (MSER-5: start-up transient %.0f s)", transientSeconds) : "");
                }
                return warmup;
            }
        }
    }

    /**
     * The window, from the warm-up's last reading, one sample a second: a fixed window ends at its time
     * (on a tick, so that no sliver of a second ends it as a sample of its own) or its message count,
     * an auto one once its rates are precise enough or at its bound.
     */
    private Window measure(Warmup warmup) throws WindowCut, IOException {
        Phases phases = scenario.phases();
        Snapshot start = warmup.last();
        String startedAt = clock.now().toString();
        Histogram latency = Histograms.empty();
        if (!requesters.isEmpty()) {
            workers.replies(); // the warm-up's round trips go; the window's build up until the drain ends
        }
        long end = warmup.endTick() + phases.measure().toNanos();
        long bound = phases.messages();
        Snapshot previous = start;
        try {
            while (true) {
                long target = Math.min(nextTick, end);
                boolean countReached = bound > 0 && waitForCount(start.publishers().messages() + bound, target);
                if (countReached) {
                    target = clock.nanoTime();
                } else {
                    clock.sleepUntil(target);
                }
                Snapshot now = tick(previous, target, Phase.MEASURE, latency);
                previous = now;
                WindowEnd ended = countReached ? WindowEnd.MESSAGES
                        : phases.measureAuto() && AutoWindows.precise(samplesOf(Phase.MEASURE), phases.precision())
                        ? WindowEnd.PRECISION
                        : target != end ? null
                        : phases.measureAuto() ? WindowEnd.BOUND : WindowEnd.TIME;
                advance(target);
                if (ended != null) {
                    return new Window(start, now, ended, latencyOf(latency), startedAt, clock.now().toString());
                }
            }
        } catch (Stall e) {
            throw new WindowCut(new Window(start, e.at(), WindowEnd.CUT, latencyOf(latency), startedAt, null), e);
        } catch (BrokerDown | RunFailure | RunAborted | RuntimeException e) {
            throw new WindowCut(new Window(start, null, WindowEnd.CUT, latencyOf(latency), startedAt, null), e);
        }
    }

    private LatencyFigures latencyOf(Histogram window) {
        return LatencyFigures.of(window, LatencyFigures.basis(scenario.publishers().saturated(),
                scenario.publishers().rate() instanceof PublishRate.Profile));
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

    private Stopped stopPublishers() throws RunFailure {
        List<String> problems = new ArrayList<>();
        Counters publishers = workers.stopPublishers(problems);
        if (publishers == null) {
            throw new RunFailure("the publishers could not be stopped: " + String.join("; ", problems));
        }
        return new Stopped(publishers, clock.now().toString());
    }

    /**
     * Waits until the subscribers have every message they should get (as many as expected, and none
     * missing from an audited stream), go quiet, or the drain bound passes.
     */
    private Drained drain(Snapshot previous, Stopped stopped) throws AgentException, RunAborted, RunFailure, BrokerDown,
            IOException {
        long expected = new GroupGrade(scenario).expectedCopies(stopped.publishers());
        long drainStart = clock.nanoTime();
        long deadline = drainStart + scenario.phases().drain().toNanos();
        long lastReceipt = drainStart;
        long lastCount = -1;
        long tick = publishStart + ((drainStart - publishStart) / SECOND + 1) * SECOND;
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
                failIfBrokerDown();
                Snapshot snap = localReading(stopped.publishers(), counters);
                emit(previous, snap, now, Phase.DRAIN, null);
                previous = snap;
                tick += SECOND;
            }
            // duplicates and redeliveries count too, so the count can be reached while messages are still on
            // their way: complete only once the audited streams miss nothing; pull the audit again only when
            // more messages came
            if (counters.messages() >= expected && counters.messages() != auditedAt) {
                audit = audit(stopped.publishers());
                auditedAt = counters.messages();
                if (audit.lost() == 0) {
                    ended = DrainEnd.COMPLETE;
                    break;
                }
            }
            if (now - lastReceipt >= QUIET.toNanos()) {
                ended = DrainEnd.QUIET;
                break;
            }
            if (now >= deadline) {
                ended = DrainEnd.TIMEOUT;
                break;
            }
            clock.sleepUntil(Math.min(now + DRAIN_POLL_NANOS, deadline));
        }
        Drain drain = new Drain(ended, (clock.nanoTime() - drainStart) / 1e9, expected, counters.messages());
        String endedAt = clock.now().toString();
        if (ended != DrainEnd.COMPLETE) {
            audit = audit(stopped.publishers());
        }
        RoundTrip roundTrip = requesters.isEmpty() ? null : awaitReplies(stopped.publishers(), deadline);
        return new Drained(drain, counters, audit, endedAt, roundTrip);
    }

    /**
     * Once the subscribers drained, waits for the requesters' replies: until every request has one,
     * none came for {@link #QUIET}, or the drain's bound (at least {@link #QUIET} from now) passed.
     */
    private RoundTrip awaitReplies(Counters publishers, long drainDeadline) throws RunAborted {
        long requests = publishers.clients().stream().filter(c -> requesters.contains(c.client()))
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
                return RoundTrip.of(requests, replies, latencyOf(window));
            }
            clock.sleepUntil(Math.min(now + DRAIN_POLL_NANOS, deadline));
        }
    }

    private AuditCounts audit(Counters publishers) throws AgentException {
        return AuditMerge.of(subscriberPlans, publisherPlans, publishers, workers.audit());
    }

    /** Reads the final counts the phases did not, whatever ended the point. */
    private Collected collect(Connected connected, Started started, Stopped stopped, Drained drained,
                              BrokerFacts broker) {
        List<Faults.FaultEvent> events = faults.stop();
        List<String> problems = new ArrayList<>();
        Counters publishers = stopped != null ? stopped.publishers()
                : started != null ? workers.stopPublishers(problems) : null;
        Counters subscribers = drained != null ? drained.subscribers() : null;
        if (subscribers == null && connected != null) {
            try {
                subscribers = workers.subscriberCounters();
            } catch (RunFailure e) {
                problems.add(e.getMessage());
            }
        }
        problems.forEach(problem -> console.println("jmsbench: " + problem));
        PointEnvironment environment = connected == null ? new PointEnvironment(broker, List.of(), Map.of())
                : new PointEnvironment(broker, connected.prepared().agents(), connected.prepared().providerSettings());
        return new Collected(publishers, subscribers, started == null ? null : started.at(),
                stopped == null ? null : stopped.at(), samples, events, workers.placement(), environment);
    }

    /**
     * This second's reading, taken for {@code at}, and its sample (its latencies added to
     * {@code window} when given); a stall once the publishers sent nothing for {@link #STALL}.
     */
    private Snapshot tick(Snapshot previous, long at, Phase phase, Histogram window)
            throws Stall, BrokerDown, RunFailure, IOException {
        Snapshot now = snapshot();
        emit(previous, now, at, phase, window);
        if (now.publishers().messages() > previous.publishers().messages()) {
            lastProgress = now.nanos();
        } else if (now.nanos() - lastProgress >= STALL.toNanos()) {
            throw new Stall(new Ending.Stalled(STALL, witness.testify(), lastError(now.publishers()).orElse(null)), now);
        }
        return now;
    }

    /** Moves the next sample's time on by a second once this one's tick was reached. */
    private void advance(long target) {
        if (target == nextTick) {
            nextTick += SECOND;
        }
    }

    /** The samples of one phase so far, in order. */
    private List<IntervalSample> samplesOf(Phase phase) {
        return samples.stream().filter(s -> phase.sampleName().equals(s.phase())).toList();
    }

    private Snapshot snapshot() throws BrokerDown, RunFailure {
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
        Map<String, HostSample> hosts = workers.hosts();
        long now = clock.nanoTime();
        return new Snapshot(now, publishers, subscribers, latency, gauges.read(), hosts);
    }

    private void failIfBrokerDown() throws BrokerDown {
        String down = gauges.brokerDown();
        if (down != null) {
            throw new BrokerDown(down);
        }
    }

    private void emit(Snapshot from, Snapshot to, long atNanos, Phase phase, Histogram window) throws IOException {
        LatencyInterval raw = to.latency();
        Histogram latency = raw == null ? Histograms.empty() : Histograms.decode(raw.histogram());
        if (window != null) {
            window.add(latency);
        }
        double seconds = (atNanos - publishStart) / 1e9;
        IntervalSample sample = IntervalSamples.between(from, to, seconds, phase, latency,
                workers.placement().partitions());
        if (backlogGrade > 0) {
            sample = sample.withBacklog(Math.round(backlogGrade * to.publishers().messages())
                    - to.subscribers().messages());
        }
        if (target != null && phase != Phase.DRAIN) {
            // over the second the sent rate is over (the publishers' own clock between their two readings),
            // ending at the tick the reading was taken for: the counts are read first, the latencies after
            double sentSeconds = (to.publishers().monotonicNanos() - from.publishers().monotonicNanos()) / 1e9;
            sample = sample.withTargetSendRate(target.meanRate(seconds - sentSeconds, seconds));
        }
        samples.add(sample);
        sink.accept(sample, raw);
    }

    public static Optional<String> lastError(Counters counters) {
        return counters == null ? Optional.empty() : counters.clients().stream().map(ClientCount::lastError)
                .filter(Objects::nonNull).reduce((a, b) -> b);
    }
}
