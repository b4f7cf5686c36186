package io.jmsbench.run.point;

import io.jmsbench.report.ClosedLoop;
import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.run.loop.LoopTick;
import io.jmsbench.run.loop.SustainableLoop;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.PublishRate;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The warm-up of {@code rate: sustainable}: one reading a second, as any warm-up, fed to the
 * {@link SustainableLoop}, whose rate changes go to the publisher agents at once (the total split
 * over every publisher client, as a fixed rate is). It ends when a hold of the loop's rate kept up
 * (the window then measures that rate), or at the warm-up's bound, or when the loop gives up: then the
 * publishers hold the highest steady rate found, if any, and the window still runs, for a point
 * that the judge finds did not converge.
 */
final class ClosedLoopPhase {

    /** One second's reading and sample, as the driver takes it (a stall or a lost broker throws). */
    @FunctionalInterface
    interface Ticker {
        Snapshot tick(Snapshot previous, long at) throws Stall, BrokerDown, RunFailure, IOException;
    }

    private final PointPlan plan;
    private final Workers workers;
    private final PointClock clock;
    private final PrintStream console;

    ClosedLoopPhase(PointPlan plan, Workers workers, PointClock clock, PrintStream console) {
        this.plan = plan;
        this.workers = workers;
        this.clock = clock;
        this.console = console;
    }

    /** {@code before}: the reading before the publishers started at {@code startNanos}. */
    Warmup run(Seconds seconds, Snapshot before, long startNanos, String publishStartedAt, Ticker ticker)
            throws Stall, BrokerDown, RunFailure, RunAborted, IOException {
        SustainableLoop loop = new SustainableLoop(SustainableLoop.Settings.defaults(PublishRate.Sustainable.START)
                .forWindow(plan.scenario().phases().precision()),
                plan.grade().asked());
        long end = startNanos + plan.scenario().phases().warmup().toNanos();
        Snapshot previous = before;
        long target = startNanos;
        double rate = loop.firstRate();
        int reported = 0;
        loop.observe(new LoopTick(0, 0, 0, Double.NaN));
        boolean gaveUp = false;
        while (target < end && !gaveUp) {
            target = Math.min(seconds.tickAfter(target), end);
            clock.sleepUntil(target);
            previous = ticker.tick(previous, target);
            SustainableLoop.Decision decision = loop.observe(tickOf(seconds, previous));
            reported = report(loop.result(seconds.secondsAt(target)).steps(), reported);
            switch (decision.action()) {
                case KEEP -> { }
                case SET -> rate = set(decision.rate(), rate);
                case HOLD -> {
                    return warmup(WarmupEnd.CONVERGED, loop.result(seconds.secondsAt(target)), seconds, previous,
                            target, publishStartedAt);
                }
                case GIVE_UP -> gaveUp = true; // the window starts at this tick: no second goes unread
            }
        }
        ClosedLoop found = loop.result(seconds.secondsAt(target));
        double held = Double.isNaN(found.low()) ? rate : found.low();
        set(held, rate);
        ClosedLoop notConverged = new ClosedLoop(false, held, found.low(), found.high(), found.seconds(),
                found.steps(), found.reason());
        return warmup(WarmupEnd.NOT_CONVERGED, notConverged, seconds, previous, target, publishStartedAt);
    }

    private LoopTick tickOf(Seconds seconds, Snapshot now) {
        IntervalSample sample = seconds.last();
        return new LoopTick(seconds.secondsAt(now.nanos()), now.publishers().messages(),
                now.publishers().monotonicNanos(), now.subscribers().messages(), now.subscribers().monotonicNanos(),
                sample == null ? Double.NaN : sample.latencyP99());
    }

    /** The publishers at {@code total} msgs/s, unless they are already; the rate they are at now. */
    private double set(double total, double current) throws RunFailure {
        if (total != current) {
            workers.rate(total / plan.publishers().size());
        }
        return total;
    }

    /** Prints the steps and holds judged since the {@code reported} first ones; how many are reported now. */
    private int report(List<ClosedLoop.Step> steps, int reported) {
        for (ClosedLoop.Step s : steps.subList(reported, steps.size())) {
            if (s.hold()) {
                console.printf(Locale.ROOT, "  loop     hold %d at %s msgs/s for %.0f s: %s (sent %s msgs/s, %.1f%%; "
                        + "backlog %+,.0f copies/s)%s%n", s.index(), Figures.rate(s.rate()), s.seconds(),
                        s.verdict().json(), Figures.rate(s.sentRate()), 100 * s.sentRate() / s.rate(),
                        s.backlogSlope(), s.steady() ? "" : s.verdict() == ClosedLoop.Verdict.BACKLOG_FELL
                                ? ": held again" : ": back into the loop below it");
                continue;
            }
            console.printf(Locale.ROOT, "  loop     step %d at %s msgs/s: %s (sent %s msgs/s, backlog %+,.0f copies/s)%n",
                    s.index(), Figures.rate(s.rate()), s.verdict().json(), Figures.rate(s.sentRate()),
                    s.backlogSlope());
        }
        return steps.size();
    }

    private Warmup warmup(WarmupEnd ended, ClosedLoop loop, Seconds seconds, Snapshot last, long tick,
                          String publishStartedAt) {
        console.println("  loop     " + loop.sentence());
        return new Warmup(ended, seconds.secondsAt(last.nanos()), Double.NaN, last, tick, publishStartedAt, loop);
    }
}
