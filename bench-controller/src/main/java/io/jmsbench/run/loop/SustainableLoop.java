package io.jmsbench.run.loop;

import io.jmsbench.report.ClosedLoop;
import io.jmsbench.run.search.CapacitySearch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The closed loop of {@code rate: sustainable}, free of brokers and agents: fed one reading a second
 * ({@link #observe}), it says which total rate the publishers send next, and when it has converged.
 *
 * <p>The law, and why (the measurements are in docs/performance.md, "The closed loop"):
 * <ol>
 *   <li>Steps of {@link Settings#stepSeconds} seconds, the first second after a change left out:
 *       the pipeline (prefetch buffers, the broker's dispatch) takes under a second to follow a new
 *       rate, and the backlog's per-second noise is a few hundred copies, so two judged seconds
 *       show a growth of a few percent of the rate. The first step runs {@link #START_SECONDS}
 *       longer: the clients' start is no verdict on the broker.</li>
 *   <li>A step keeps up when the publishers sent {@link #RATE_MIN} of the rate, the backlog
 *       ({@code grade x sent - received}, exact from the cumulative counts) rose by no more than
 *       {@link Settings#tolerance} of the copies asked a second or its noise floor, whichever is
 *       more, and the latency bound, if any, held. The backlog must be flat both ways: one falling
 *       by more than that (and by more than {@link #EDGE_COPIES} over the judged seconds) is the
 *       subscribers draining what an earlier step left, no verdict on this rate either way, so the
 *       step runs again at the same rate. A step that does not keep up is run again (after the drain below)
 *       before it bounds the search: on a shared host a GC pause or a starved thread fails one step,
 *       the broker's limit fails both, and a bound set too low by one glitch could never be undone,
 *       while a rate passed too high is caught by the window.</li>
 *   <li>From {@link Settings#start} msgs/s the rate doubles while steps keep up; at the first that
 *       does not, it bisects (geometric midpoint, 3 significant digits, as the search does) between
 *       the highest steady rate and the lowest unsteady one, until the upper end is within
 *       {@link Settings#within} of the lower. Doubling overshoots capacity by less than a factor
 *       of 2, so the backlog one failed step leaves is at most a step's worth of the broker's
 *       throughput.</li>
 *   <li>After a step that did not keep up, the publishers nearly stop ({@link #PAUSE} of the rate)
 *       until the subscribers no longer take more than is sent: every step starts from an empty
 *       broker, and no backlog is carried into the next step or the window, where a draining backlog
 *       would pass for capacity.</li>
 *   <li>Converged, it holds the highest steady rate, lets the backlog drain, waits
 *       {@link Settings#settleSeconds} for the pipeline to fill, and hands over to the window,
 *       which judges that rate by a fixed-rate point's rules.</li>
 * </ol>
 */
public final class SustainableLoop {

    /** The publishers must send at least this share of a step's rate. */
    public static final double RATE_MIN = 0.97;
    /** While a backlog drains, the publishers send this share of the last rate (a rate of 0 would park them). */
    static final double PAUSE = 0.01;
    /** The first step runs this much longer: the clients' start (JIT, first sends) is no verdict on the broker. */
    static final int START_SECONDS = 2;
    /** Copies in flight at a step's two edges (a few prefetch windows): a smaller fall says nothing. */
    static final double EDGE_COPIES = 1_000;

    /**
     * {@code start}: the first total rate, msgs/s; {@code growth}: the factor while steps keep up;
     * {@code stepSeconds}: a step's length; {@code within}: converged when the bracket's upper end
     * is at most this share above its lower; {@code tolerance}: the backlog growth a step may show,
     * as a share of the copies asked a second; {@code floorPerSecond}: the backlog slope below which
     * nothing is read into it, copies a second; {@code latencyBoundMicros}: the p99 bound (NaN:
     * none); {@code settleSeconds}: at the held rate before the window; {@code maxSteps} and
     * {@code maxDrainSeconds}: when the loop gives up.
     */
    public record Settings(double start, double growth, int stepSeconds, double within, double tolerance,
                           double floorPerSecond, double latencyBoundMicros, int settleSeconds, int maxSteps,
                           int maxDrainSeconds) {

        /** The law as measured for docs/performance.md, without a latency bound. */
        public static Settings defaults(double start) {
            return new Settings(start, 2, 3, CapacitySearch.WITHIN, 0.03, 200, Double.NaN, 2, 30, 30);
        }
    }

    /** What to do after a reading: keep the rate, set a new one, hold (converged: the window starts), give up. */
    public enum Action { KEEP, SET, HOLD, GIVE_UP }

    public record Decision(Action action, double rate) {
    }

    private enum State { STEP, DRAIN, SETTLE, DONE }

    private final Settings settings;
    private final double grade;
    private final List<ClosedLoop.Step> steps = new ArrayList<>();
    private final List<LoopTick> ticks = new ArrayList<>();
    private State state = State.STEP;
    private double rate;
    private double next;
    private double low = Double.NaN;
    private double high = Double.NaN;
    private double drainStart;
    /** The backlog when the step running started: a drain ends back there. */
    private double baseline;
    private double settledAt = Double.NaN;
    private String gaveUp;
    /** The step running repeats one that did not keep up: only a failure seen twice bounds the search. */
    private boolean confirming;

    /** {@code grade}: the copies the subscribers get of each message sent. */
    public SustainableLoop(Settings settings, double grade) {
        this.settings = settings;
        this.grade = grade;
        this.rate = settings.start();
    }

    /** The total rate the publishers start at. */
    public double firstRate() {
        return settings.start();
    }

    /** This second's reading; the first one is the publishers' start. */
    public Decision observe(LoopTick tick) {
        ticks.add(tick);
        return switch (state) {
            case STEP -> ticks.size() > settings.stepSeconds() + (steps.isEmpty() ? START_SECONDS : 0) ? judgeStep()
                    : keep();
            case DRAIN -> drain();
            case SETTLE -> ticks.size() > settings.settleSeconds() ? hold() : keep();
            case DONE -> keep();
        };
    }

    private Decision keep() {
        return new Decision(Action.KEEP, rate);
    }

    private Decision judgeStep() {
        List<LoopTick> judged = ticks.subList(ticks.size() - settings.stepSeconds(), ticks.size());
        LoopTick first = judged.get(0);
        LoopTick last = judged.get(judged.size() - 1);
        double sentRate = last.sentRate(first);
        // each role's rate on its own clock: the backlog's growth a second, free of the reading skew
        double slope = grade * sentRate - last.receivedRate(first);
        double latency = judged.stream().skip(1).mapToDouble(LoopTick::latencyMicros).filter(v -> !Double.isNaN(v))
                .max().orElse(Double.NaN);
        double allowance = Math.max(settings.tolerance() * rate * grade, settings.floorPerSecond());
        ClosedLoop.Verdict verdict = sentRate < RATE_MIN * rate ? ClosedLoop.Verdict.HELD_BACK
                : slope > allowance ? ClosedLoop.Verdict.BACKLOG_GREW
                : -slope > allowance && -slope * (last.seconds() - first.seconds()) > EDGE_COPIES
                ? ClosedLoop.Verdict.BACKLOG_FELL
                : latency > settings.latencyBoundMicros() ? ClosedLoop.Verdict.LATENCY : ClosedLoop.Verdict.STEADY;
        steps.add(new ClosedLoop.Step(steps.size() + 1, rate, ticks.get(0).seconds(), last.seconds() - ticks.get(0).seconds(),
                sentRate, slope, latency, verdict, 0));
        if (verdict == ClosedLoop.Verdict.BACKLOG_FELL) {
            // it drained an earlier step's backlog: neither bound moves; once drained, the rate is judged again
            return steps.size() >= settings.maxSteps() ? giveUp(String.format(Locale.ROOT, "%d steps without "
                    + "converging", steps.size())) : step(last, rate);
        }
        if (verdict == ClosedLoop.Verdict.STEADY) {
            low = Double.isNaN(low) ? rate : Math.max(low, rate);
            confirming = false;
        } else if (!confirming) {
            // a GC pause or a starved thread on a busy host fails one step; the broker's limit fails both
            confirming = true;
            next = rate;
            return startDrain(last);
        } else {
            high = Double.isNaN(high) ? rate : Math.min(high, rate);
            confirming = false;
        }
        boolean converged = converged();
        next = converged ? low : nextRate();
        if (Double.isNaN(next)) {
            return giveUp(gaveUp);
        }
        if (steps.size() >= settings.maxSteps() && !converged) {
            return giveUp(String.format(Locale.ROOT, "%d steps without converging", steps.size()));
        }
        if (verdict != ClosedLoop.Verdict.STEADY) {
            return startDrain(last);
        }
        return converged ? settle(last) : step(last, next);
    }

    /** Doubling until a step fails, halving until one passes, else the bracket's geometric midpoint. */
    private double nextRate() {
        if (Double.isNaN(high)) {
            return rate * settings.growth();
        }
        if (Double.isNaN(low)) {
            double half = CapacitySearch.round3(high / settings.growth());
            if (half < 1) {
                gaveUp = "no rate down to 1 msgs/s kept up";
                return Double.NaN;
            }
            return half;
        }
        double mid = CapacitySearch.round3(Math.sqrt(low * high));
        if (!(mid > low && mid < high)) {
            gaveUp = "the bracket cannot be split at 3 significant digits";
            return Double.NaN;
        }
        return mid;
    }

    private Decision startDrain(LoopTick at) {
        state = State.DRAIN;
        drainStart = at.seconds();
        ticks.clear();
        ticks.add(at);
        rate = Math.max(1, PAUSE * rate);
        return new Decision(Action.SET, rate);
    }

    private boolean converged() {
        return !Double.isNaN(low) && !Double.isNaN(high) && high <= low * (1 + settings.within());
    }

    /**
     * Drained once the backlog is back to where it was when the failed step started (within the noise
     * floor, or a tenth of a second of the step's copies), or once for two seconds the subscribers got
     * no more than was sent: what is left then is copies the broker dropped (a non-persistent topic's
     * slow consumer), not a backlog. No step or window starts on a backlog.
     */
    private Decision drain() {
        LoopTick last = ticks.get(ticks.size() - 1);
        double waited = last.seconds() - drainStart;
        ClosedLoop.Step failed = steps.get(steps.size() - 1);
        double margin = Math.max(settings.floorPerSecond(), 0.1 * failed.rate() * grade);
        if (last.backlog(grade) > baseline + margin && !caughtUp()) {
            if (waited >= settings.maxDrainSeconds()) {
                return giveUp(String.format(Locale.ROOT, "the backlog left by the step at %,.0f msgs/s was still "
                        + "draining after %d s", failed.rate(), settings.maxDrainSeconds()));
            }
            return keep();
        }
        steps.set(steps.size() - 1, failed.drained(waited));
        return !confirming && converged() ? settle(last) : step(last, next);
    }

    /** Whether in each of the last two seconds the subscribers got no more than the copies sent, within the floor. */
    private boolean caughtUp() {
        int n = ticks.size();
        if (n < 4) {
            return false; // the first second after the pause still carries the failed step's sends
        }
        for (int i = n - 2; i < n; i++) {
            LoopTick t = ticks.get(i);
            LoopTick before = ticks.get(i - 1);
            if (t.receivedRate(before) - grade * t.sentRate(before) > settings.floorPerSecond() / 2) {
                return false;
            }
        }
        return true;
    }

    private Decision step(LoopTick at, double rate) {
        state = State.STEP;
        return change(at, rate);
    }

    private Decision settle(LoopTick at) {
        state = State.SETTLE;
        return change(at, low);
    }

    private Decision change(LoopTick at, double to) {
        ticks.clear();
        ticks.add(at);
        baseline = at.backlog(grade);
        rate = to;
        return new Decision(Action.SET, rate);
    }

    private Decision hold() {
        state = State.DONE;
        settledAt = ticks.get(ticks.size() - 1).seconds();
        return new Decision(Action.HOLD, rate);
    }

    private Decision giveUp(String why) {
        state = State.DONE;
        gaveUp = why;
        return new Decision(Action.GIVE_UP, rate);
    }

    /** What the loop found so far; {@code seconds}: since the publishers started, when it ended now. */
    public ClosedLoop result(double seconds) {
        boolean converged = !Double.isNaN(settledAt);
        String reason = converged ? null : gaveUp != null ? gaveUp : String.format(Locale.ROOT,
                "not converged within the warm-up (%.0f s, %d steps)", seconds, steps.size());
        return new ClosedLoop(converged, Double.isNaN(low) ? Double.NaN : low, low, high,
                converged ? settledAt : seconds, steps, reason);
    }
}
