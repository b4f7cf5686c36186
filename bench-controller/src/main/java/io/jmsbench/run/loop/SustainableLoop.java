package io.jmsbench.run.loop;

import io.jmsbench.report.ClosedLoop;
import io.jmsbench.report.Figures;
import io.jmsbench.run.search.CapacitySearch;
import io.jmsbench.scenario.Defaults;

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
 *   <li>After a step or a hold that did not keep up, the publishers nearly stop ({@link #PAUSE} of
 *       the rate) until it drained ({@link DrainRule}): no backlog is carried into the next step, a
 *       hold or the window, where a draining backlog would pass for capacity.</li>
 *   <li>Converged, it lets the backlog drain and holds the highest steady rate for
 *       {@link Settings#holdSeconds} (three steps), judged over all but its first second by the
 *       step's rules, except that the publishers must send {@link #HOLD_RATE_MIN} of the rate. A hold
 *       that keeps up hands over to the window, which judges that rate by a fixed-rate point's rules.
 *       One that does not makes its rate the bracket's upper end, the lower falls back to the highest
 *       rate a step kept up with below it, and the loop goes on from there (bisecting, a drain first)
 *       until it converges and holds again; after {@link Settings#maxHolds} holds that did not keep up
 *       it gives up. A hold replaces the 2 s the pipeline had to settle: one that keeps up costs 7 s.</li>
 * </ol>
 *
 * <p>Why a hold of 9 s, 8 of them judged, at 98% of the rate (docs/performance.md, "A held rate that
 * misses", with the measurements): some brokers take a rate for a few seconds that they do not
 * sustain, which a step's two judged seconds cannot show and eight can. Watching the window's first
 * seconds and restarting it lower was not taken: its seconds are streamed as the window's as they come.
 */
public final class SustainableLoop {

    /** The publishers must send at least this share of a step's rate. */
    public static final double RATE_MIN = 0.97;
    /** The publishers must send at least this share of a hold's rate (why: the class's comment). */
    public static final double HOLD_RATE_MIN = 0.98;
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
     * none); {@code holdSeconds}: a hold's length, at the rate converged on, before the window;
     * {@code maxSteps}, {@code maxDrainSeconds} and {@code maxHolds} (holds that did not keep up):
     * when the loop gives up; {@code holdTolerance}: the backlog growth a hold may show, as a share of
     * the copies asked a second.
     */
    public record Settings(double start, double growth, int stepSeconds, double within, double tolerance,
                           double floorPerSecond, double latencyBoundMicros, int holdSeconds, int maxSteps,
                           int maxDrainSeconds, int maxHolds, double holdTolerance) {

        /** The law as measured for docs/performance.md, without a latency bound, before a window of the default precision. */
        public static Settings defaults(double start) {
            return new Settings(start, 2, 3, CapacitySearch.WITHIN, 0.03, 200, Double.NaN, 9, 30, 30, 3,
                    Defaults.PRECISION);
        }

        /**
         * Before a window asked for {@code precision}: a hold may let the backlog grow by as much as that
         * window's steadiness rule allows (the precision of the rate sent), never less than a step may.
         * A hold stricter than the window it hands over to refuses rates the window would pass: on
         * Debian's RabbitMQ, holds whose backlog grew 4 to 7% of the copies a second missed three times
         * while a throughput-only search, judged at 5%, confirmed the rate.
         */
        public Settings forWindow(double precision) {
            return new Settings(start, growth, stepSeconds, within, tolerance, floorPerSecond, latencyBoundMicros,
                    holdSeconds, maxSteps, maxDrainSeconds, maxHolds, Math.max(tolerance, precision));
        }
    }

    /** What to do after a reading: keep the rate, set a new one, hold (converged: the window starts), give up. */
    public enum Action { KEEP, SET, HOLD, GIVE_UP }

    public record Decision(Action action, double rate) {
    }

    private enum State { STEP, DRAIN, HOLD, DONE }

    private final Settings settings;
    private final double grade;
    private final StepJudge judge;
    private final Bracket bracket;
    private final List<ClosedLoop.Step> steps = new ArrayList<>();
    private final List<LoopTick> ticks = new ArrayList<>();
    private State state = State.STEP;
    private double rate;
    private double next;
    private double drainStart;
    /** The backlog when the step running started: a drain ends back there. */
    private double baseline;
    private double settledAt = Double.NaN;
    private String gaveUp;
    /** The step running repeats one that did not keep up: only a failure seen twice bounds the search. */
    private boolean confirming;
    private int holdsMissed;

    /** {@code grade}: the copies the subscribers get of each message sent. */
    public SustainableLoop(Settings settings, double grade) {
        this.settings = settings;
        this.grade = grade;
        this.judge = new StepJudge(settings, grade);
        this.bracket = new Bracket(settings.growth(), settings.within());
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
            case HOLD -> ticks.size() > settings.holdSeconds() ? judgeHold() : keep();
            case DONE -> keep();
        };
    }

    private Decision keep() {
        return new Decision(Action.KEEP, rate);
    }

    private Decision judgeStep() {
        LoopTick last = ticks.get(ticks.size() - 1);
        ClosedLoop.Step step = judge.judge(steps.size() + 1, rate, ticks, settings.stepSeconds(), RATE_MIN,
                settings.tolerance(), false);
        steps.add(step);
        ClosedLoop.Verdict verdict = step.verdict();
        if (verdict == ClosedLoop.Verdict.BACKLOG_FELL) {
            // it drained an earlier step's backlog: neither bound moves; once drained, the rate is judged again
            return steps.size() >= settings.maxSteps() ? giveUp(ClosedLoop.count(steps) + " without converging")
                    : step(last, rate);
        }
        if (verdict == ClosedLoop.Verdict.STEADY) {
            bracket.keptUp(rate);
            confirming = false;
        } else if (!confirming) {
            // a GC pause or a starved thread on a busy host fails one step; the broker's limit fails both
            confirming = true;
            next = rate;
            return startDrain(last);
        } else {
            bracket.fellBehind(rate);
            confirming = false;
        }
        return carryOn(last, verdict != ClosedLoop.Verdict.STEADY);
    }

    /**
     * After a step or a hold that moved the bracket: a hold once converged, else the next step; a
     * drain first after one that did not keep up.
     */
    private Decision carryOn(LoopTick last, boolean drainFirst) {
        boolean converged = bracket.converged();
        next = converged ? bracket.low() : bracket.next(rate);
        if (Double.isNaN(next)) {
            return giveUp(bracket.stuck());
        }
        if (steps.size() >= settings.maxSteps() && !converged) {
            return giveUp(ClosedLoop.count(steps) + " without converging");
        }
        if (drainFirst) {
            return startDrain(last);
        }
        return converged ? hold(last) : step(last, next);
    }

    /**
     * The hold's seconds are in: the window starts if it kept up; if it did not, the loop goes on
     * below it. One whose backlog fell drained what came before it, no verdict on the rate: it holds
     * again.
     */
    private Decision judgeHold() {
        LoopTick last = ticks.get(ticks.size() - 1);
        ClosedLoop.Step held = judge.judge(steps.size() + 1, rate, ticks, settings.holdSeconds(), HOLD_RATE_MIN,
                settings.holdTolerance(),
                true);
        steps.add(held);
        if (held.steady()) {
            state = State.DONE;
            settledAt = last.seconds();
            return new Decision(Action.HOLD, rate);
        }
        boolean fell = held.verdict() == ClosedLoop.Verdict.BACKLOG_FELL;
        if (!fell) {
            bracket.holdMissed(rate);
        }
        if (++holdsMissed >= settings.maxHolds()) {
            return giveUp(String.format(Locale.ROOT, "%d hold%s did not keep up, the last at %s msgs/s (%s)",
                    holdsMissed, holdsMissed == 1 ? "" : "s", Figures.rate(rate), held.verdict().json()));
        }
        return fell ? hold(last) : carryOn(last, true);
    }

    private Decision startDrain(LoopTick at) {
        state = State.DRAIN;
        drainStart = at.seconds();
        ticks.clear();
        ticks.add(at);
        rate = Math.max(1, PAUSE * rate);
        return new Decision(Action.SET, rate);
    }

    /** Drained ({@link DrainRule}): the next step or hold; at {@link Settings#maxDrainSeconds}, the loop gives up. */
    private Decision drain() {
        LoopTick last = ticks.get(ticks.size() - 1);
        double waited = last.seconds() - drainStart;
        ClosedLoop.Step failed = steps.get(steps.size() - 1);
        double margin = Math.max(settings.floorPerSecond(), 0.1 * failed.rate() * grade);
        if (!DrainRule.drained(ticks, grade, baseline, margin, settings.floorPerSecond())) {
            if (waited >= settings.maxDrainSeconds()) {
                return giveUp(String.format(Locale.ROOT, "the backlog left by the %s at %,.0f msgs/s was still "
                        + "draining after %d s", failed.hold() ? "hold" : "step", failed.rate(),
                        settings.maxDrainSeconds()));
            }
            return keep();
        }
        steps.set(steps.size() - 1, failed.drained(waited));
        return !confirming && bracket.converged() ? hold(last) : step(last, next);
    }

    private Decision step(LoopTick at, double rate) {
        state = State.STEP;
        return change(at, rate);
    }

    /** Holds the bracket's lower end: the window starts once the hold kept up. */
    private Decision hold(LoopTick at) {
        state = State.HOLD;
        return change(at, bracket.low());
    }

    private Decision change(LoopTick at, double to) {
        ticks.clear();
        ticks.add(at);
        baseline = at.backlog(grade);
        rate = to;
        return new Decision(Action.SET, rate);
    }

    private Decision giveUp(String why) {
        state = State.DONE;
        gaveUp = why;
        return new Decision(Action.GIVE_UP, rate);
    }

    /** What the loop found so far; {@code seconds}: since the publishers started, when it ended now. */
    public ClosedLoop result(double seconds) {
        boolean converged = !Double.isNaN(settledAt);
        String reason = converged ? null : gaveUp != null ? gaveUp : state == State.HOLD
                ? String.format(Locale.ROOT, "the hold at %s msgs/s had not ended when the warm-up did (%.0f s, %s)",
                Figures.rate(rate), seconds, ClosedLoop.count(steps))
                : String.format(Locale.ROOT, "not converged within the warm-up (%.0f s, %s)", seconds,
                ClosedLoop.count(steps));
        double low = bracket.low();
        return new ClosedLoop(converged, low, low, bracket.high(), converged ? settledAt : seconds, steps, reason);
    }
}
