package io.jmsbench.run.point;

import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Phases;
import io.jmsbench.stats.Transient;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs one point through its phases, one method each, top to bottom ({@link #run}): connect the
 * clients, start the publishers, warm up, measure, stop the publishers, drain, and collect the
 * final figures whatever ended the point (the drain is {@link DrainPhase}). Each phase returns a record whose enum says how it
 * ended ({@link WarmupEnd}, {@link WindowEnd}, {@link DrainEnd}). It works nothing out of the
 * scenario (its {@link PointPlan} did) and judges nothing: it returns what it saw as a
 * {@link PointObservation}. A failure or an abort ends the phases, never the collection; closing
 * the clients is the caller's.
 */
public final class PointDriver {

    /** How long the publishers may send nothing before the point is given up as stalled (tests that wait it out shorten it). */
    static final Duration STALL = Duration.ofSeconds(Long.getLong("jmsbench.test.stallSeconds", 15));
    /** How often a count-bounded window looks at the publishers' counts: overshoot stays within ~20 ms. */
    private static final long COUNT_POLL_NANOS = 20_000_000L;

    private final PointPlan plan;
    private final Workers workers;
    private final Workers.PlanFactory plans;
    private final Readings readings;
    private final PointClock clock;
    private final SampleSink sink;
    private final PrintStream console;
    private final Faults faults;
    private final StallWitness witness;

    /** {@code faults}: injected into the broker while the publishers run; {@code witness}: asked when they stall. */
    public PointDriver(PointPlan plan, Workers workers, Workers.PlanFactory plans, Gauges gauges, PointClock clock,
                       SampleSink sink, PrintStream console, Faults faults, StallWitness witness) {
        this.plan = plan;
        this.workers = workers;
        this.plans = plans;
        this.readings = new Readings(workers, gauges, clock);
        this.clock = clock;
        this.sink = sink;
        this.console = console;
        this.faults = faults;
        this.witness = witness;
    }

    /**
     * The publishers started at {@code nanos} of the point's clock, after the reading {@code before};
     * {@code seconds}: the per-second series from then, which every later phase extends.
     */
    private record Started(long nanos, Snapshot before, String at, Seconds seconds) {
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
            warmup = plan.scenario().publishers().sustainable() ? findRate(started) : warmUp(started);
            window = measure(started, warmup);
            stopped = stopPublishers();
            drained = drain(started, window.end(), stopped);
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
        Workers.Prepared prepared = workers.prepare(plan.publishers(), plan.subscribers(), plans);
        double readySeconds = (clock.nanoTime() - pointStartNanos) / 1e9;
        Connected connected = new Connected(prepared, readySeconds, clock.now().toString());
        console.printf("  clients  %d publishers, %d subscribers ready after %.1f s%s%n", plan.publishers().size(),
                plan.subscribers().size(), readySeconds, workers.describe());
        return connected;
    }

    private Started startPublishers() throws BrokerDown, RunFailure, AgentException, RunAborted {
        clock.check();
        Snapshot before = readings.now();
        long start = clock.nanoTime();
        workers.start();
        faults.start(System.nanoTime() - (clock.nanoTime() - start)); // the samples' zero, on the faults' clock
        return new Started(start, before, clock.now().toString(),
                new Seconds(plan, sink, workers.placement().partitions(), start));
    }

    /**
     * One sample a second until the warm-up ends: a fixed one at its time, an auto one once the rates
     * are steady (MSER-5) or at its bound.
     */
    private Warmup warmUp(Started started) throws Stall, BrokerDown, RunFailure, RunAborted, IOException {
        Phases phases = plan.scenario().phases();
        Seconds seconds = started.seconds();
        long end = started.nanos() + phases.warmup().toNanos();
        Snapshot previous = started.before();
        long target = started.nanos();
        while (target < end) {
            target = Math.min(seconds.tickAfter(target), end);
            clock.sleepUntil(target);
            previous = tick(seconds, previous, target, Phase.WARMUP, null);
            if (phases.warmupAuto()) {
                Transient found = AutoWindows.transientOf(seconds.of(Phase.WARMUP));
                if (found.over() || target == end) {
                    return warmedUp(found.over() ? WarmupEnd.STEADY : WarmupEnd.BOUND, seconds, previous, target,
                            found.over() ? found.truncation() : Double.NaN, started.at());
                }
            }
        }
        return new Warmup(WarmupEnd.TIME, seconds.secondsAt(previous.nanos()), Double.NaN, previous, target,
                started.at());
    }

    /** With {@code rate: sustainable}, the warm-up is the closed loop's. */
    private Warmup findRate(Started s) throws Stall, BrokerDown, RunFailure, RunAborted, IOException {
        return new ClosedLoopPhase(plan, workers, clock, console).run(s.seconds(), s.before(), s.nanos(), s.at(),
                (previous, at) -> tick(s.seconds(), previous, at, Phase.WARMUP, null));
    }

    private Warmup warmedUp(WarmupEnd ended, Seconds seconds, Snapshot last, long tick, double transientSeconds,
                            String publishStartedAt) {
        Warmup warmup = new Warmup(ended, seconds.secondsAt(last.nanos()), transientSeconds, last, tick,
                publishStartedAt);
        console.printf(Locale.ROOT, "  warm-up  %s after %.0f s%s%n", ended == WarmupEnd.STEADY ? "steady"
                : "NOT steady (maxWarmup reached)", warmup.seconds(), ended == WarmupEnd.STEADY
                ? String.format(Locale.ROOT, " (MSER-5: start-up transient %.0f s)", transientSeconds) : "");
        return warmup;
    }

    /**
     * The window, from the warm-up's last reading, one sample a second: a fixed window ends at its time
     * (on a tick, so that no sliver of a second ends it as a sample of its own) or its message count,
     * an auto one once its rates are precise enough or at its bound.
     */
    private Window measure(Started started, Warmup warmup) throws WindowCut, IOException {
        Phases phases = plan.scenario().phases();
        Seconds seconds = started.seconds();
        Snapshot start = warmup.last();
        String startedAt = clock.now().toString();
        Histogram latency = Histograms.empty();
        if (!plan.requesters().isEmpty()) {
            workers.replies(); // the warm-up's round trips go; the window's build up until the drain ends
        }
        long end = warmup.endTick() + phases.measure().toNanos();
        long bound = phases.messages();
        Snapshot previous = start;
        long target = warmup.endTick();
        try {
            while (true) {
                target = Math.min(seconds.tickAfter(target), end);
                boolean countReached = bound > 0 && waitForCount(start.publishers().messages() + bound, target);
                if (countReached) {
                    target = clock.nanoTime();
                } else {
                    clock.sleepUntil(target);
                }
                previous = tick(seconds, previous, target, Phase.MEASURE, latency);
                WindowEnd ended = countReached ? WindowEnd.MESSAGES
                        : phases.measureAuto() && AutoWindows.precise(seconds.of(Phase.MEASURE), phases.precision())
                        ? WindowEnd.PRECISION
                        : target != end ? null
                        : phases.measureAuto() ? WindowEnd.BOUND : WindowEnd.TIME;
                if (ended != null) {
                    return new Window(start, previous, ended, latencyOf(latency), startedAt, clock.now().toString());
                }
            }
        } catch (Stall e) {
            throw new WindowCut(new Window(start, e.at(), WindowEnd.CUT, latencyOf(latency), startedAt, null), e);
        } catch (BrokerDown | RunFailure | RunAborted | RuntimeException e) {
            throw new WindowCut(new Window(start, null, WindowEnd.CUT, latencyOf(latency), startedAt, null), e);
        }
    }

    private LatencyFigures latencyOf(Histogram window) {
        return LatencyFigures.of(window, plan.latencyBasis());
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

    private Drained drain(Started started, Snapshot windowEnd, Stopped stopped) throws AgentException, RunAborted,
            RunFailure, BrokerDown, IOException {
        return new DrainPhase(plan, workers, readings, clock).run(started.seconds(), windowEnd, stopped.publishers());
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
                stopped == null ? null : stopped.at(), started == null ? List.of() : started.seconds().all(), events,
                workers.placement(), environment);
    }

    /**
     * This second's reading, taken for {@code at}, and its sample (its latencies added to
     * {@code window} when given); a stall once the publishers sent nothing for {@link #STALL}.
     */
    private Snapshot tick(Seconds seconds, Snapshot previous, long at, Phase phase, Histogram window)
            throws Stall, BrokerDown, RunFailure, IOException {
        Snapshot now = readings.now();
        seconds.add(previous, now, at, phase, window);
        if (seconds.silentFor(STALL, previous, now)) {
            throw new Stall(new Ending.Stalled(STALL, witness.testify(),
                    PointObservation.lastError(now.publishers()).orElse(null)), now);
        }
        return now;
    }
}
