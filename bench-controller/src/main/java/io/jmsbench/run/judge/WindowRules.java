package io.jmsbench.run.judge;

import io.jmsbench.report.PointResult.Windows;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.text.Durations;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The rules on the warm-up and the measurement window: how they ended, whether the window's rates
 * are known well enough, held still and met the rate asked.
 */
final class WindowRules {

    /** How much shorter than asked a window may measure before it is said: the readings' own jitter. */
    static final double SHORT_BY_SECONDS = 1;

    private WindowRules() {
    }

    /** An auto warm-up that reached its bound with the rates still changing. */
    static List<Finding> neverSteady(PointFacts facts) {
        Windows windows = facts.observation().windows(facts.plan().precisionTarget());
        if (windows.warmupEnd() == null) {
            return List.of();
        }
        return switch (windows.warmupEnd()) {
            case BOUND -> List.of(Finding.of(FindingCode.NEVER_STEADY, "never steady: the rates were still changing "
                    + "when the warm-up reached maxWarmup (" + Durations.format(facts.scenario().phases().warmup())
                    + "), so the window may hold the start-up transient; a longer maxWarmup, or a look at the "
                    + "per-second rates"));
            // a fixed warm-up is judged by its length (notWarmedUp); a steady one is what was asked; a
            // closed loop's by ClosedLoopRules
            case TIME, STEADY, CONVERGED, NOT_CONVERGED -> List.of();
        };
    }

    /** An auto window that reached its bound before its rates were known to the precision asked. */
    static List<Finding> precisionNotReached(PointFacts facts) {
        Windows windows = facts.observation().windows(facts.plan().precisionTarget());
        if (windows.windowEnd() == null) {
            return List.of();
        }
        return switch (windows.windowEnd()) {
            case BOUND -> {
                WindowFigures figures = facts.figures();
                double reached = Math.max(figures.received().ci95() / figures.received().rate(),
                        figures.dispatched().ci95() / figures.dispatched().rate());
                yield List.of(Finding.of(FindingCode.PRECISION_NOT_REACHED, String.format(Locale.ROOT, "precision not "
                        + "reached: the window reached maxMeasure (%s) with its rates known to ±%s, not the ±%.1f%% "
                        + "asked", Durations.format(facts.scenario().phases().measure()), Double.isNaN(reached)
                        ? "an unknown interval" : String.format(Locale.ROOT, "%.1f%%", 100 * reached),
                        100 * windows.precisionTarget())));
            }
            // a window that ended as it was asked to, or one cut short, which the point's ending tells
            case TIME, MESSAGES, PRECISION, CUT -> List.of();
        };
    }

    /** A count-bounded window that its time ended first. */
    static List<Finding> countNotReached(PointFacts facts) {
        long bound = facts.scenario().phases().messages();
        if (bound <= 0 || facts.figures().received().messages() >= bound) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.WINDOW_ENDED_BY_TIME, "the window ended by time (measure) before "
                + bound + " messages were sent"));
    }

    /**
     * Whether the broker's backlog held still over the window ({@link SteadyState}): by the clients'
     * counts, else by the broker's own, else whether the clients' seconds could show it held still;
     * not asked of a point whose backlog is deliberate.
     */
    static List<Finding> steadyState(PointFacts facts) {
        if (facts.plan().scheduled()) {
            return List.of();
        }
        PointObservation o = facts.observation();
        WindowFigures figures = facts.figures();
        Phases phases = facts.scenario().phases();
        // a capacity claim (a sustainable rate too): a backlog that moved either way makes it invalid
        boolean capacity = facts.capacityClaim();
        Optional<Finding> clients = SteadyState.check(figures.received(), figures.dispatched(), facts.expectedGrade(),
                WindowFigures.windowSamples(o), phases.precision(), capacity,
                facts.scenario().publishers().sustainable());
        if (clients.isPresent() && clients.get().code() != FindingCode.STEADINESS_NOT_SHOWN) {
            return List.of(clients.get());
        }
        // a change the broker's own count shows outweighs one the clients' seconds could not tell
        return SteadyState.brokerDepth(o.windowStart().brokerDepth(), o.windowEnd().brokerDepth(), figures.received(),
                phases.precision(), capacity).or(() -> clients).stream().toList();
    }

    /** A capacity window with too few seconds for an interval: neither its precision nor its steadiness is known. */
    static List<Finding> windowTooShort(PointFacts facts) {
        if (!facts.capacityClaim()
                || !Double.isNaN(facts.figures().receivedInterval().halfWidth())) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.WINDOW_TOO_SHORT, String.format(Locale.ROOT, "unverified: the window "
                + "had %d one-second samples, fewer than the %d a 95%% interval needs, so neither the rates' precision"
                + " nor whether the broker's backlog held still could be told; a longer window, or measure: auto",
                WindowFigures.windowSamples(facts.observation()).size(), BatchMeans.MIN_BATCHES)));
    }

    /**
     * A window that ended at its time yet measured more than {@link #SHORT_BY_SECONDS} less: its edge
     * readings came late, so its rates and their interval are over fewer seconds than asked. Windows
     * that end by their count or precision are short by design; a cut one is the point's ending's.
     */
    static List<Finding> shorterThanAsked(PointFacts facts) {
        WindowEnd ended = facts.observation().windows(facts.plan().precisionTarget()).windowEnd();
        if (ended != WindowEnd.TIME && ended != WindowEnd.BOUND) {
            return List.of();
        }
        double asked = facts.scenario().phases().measure().toMillis() / 1000.0;
        double sent = facts.figures().received().seconds();
        double delivered = facts.figures().dispatched().seconds();
        double measured = Double.isNaN(sent) ? delivered : Double.isNaN(delivered) ? sent : Math.min(sent, delivered);
        if (Double.isNaN(measured) || measured >= asked - SHORT_BY_SECONDS) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.WINDOW_SHORTER_THAN_ASKED, String.format(Locale.ROOT, "the window "
                + "measured %.1f s of the %s asked (%s): the agents' readings at its edges came late, as on a loaded "
                + "host, so its rates and their interval are over %.1f s fewer than asked", measured,
                Durations.format(facts.scenario().phases().measure()), ended == WindowEnd.BOUND ? "maxMeasure"
                : "phases.measure", asked - measured)));
    }

    static List<Finding> receivedInterval(PointFacts facts) {
        return interval("received", facts.figures().receivedInterval());
    }

    static List<Finding> dispatchedInterval(PointFacts facts) {
        return interval("dispatched", facts.figures().dispatchedInterval());
    }

    /** An interval whose batch means stayed correlated understates the uncertainty: say so. */
    private static List<Finding> interval(String rate, BatchMeans interval) {
        if (!interval.correlated()) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.INTERVAL_CORRELATED, String.format(Locale.ROOT, "the 95%% interval of "
                + "the %s rate may be too narrow: the means of its %d batches of %d s stayed correlated (lag-1 "
                + "%.2f > %.2f); a longer window helps", rate, interval.batches(), interval.batchSize(),
                interval.lag1(), BatchMeans.MAX_LAG1)));
    }

    /**
     * Nothing sent in the window, or a fixed rate missed (faults excuse a missed rate: they are the
     * point); a profile's target is its mean over the window's seconds.
     */
    static List<Finding> sentRate(PointFacts facts) {
        WindowFigures figures = facts.figures();
        PublishRate rate = facts.scenario().publishers().rate();
        double target = rate instanceof PublishRate.PerSecond fixed ? fixed.total()
                : rate instanceof PublishRate.Sustainable ? ClosedLoopRules.heldRate(facts)
                : ProfileRules.windowTarget(facts.plan(), facts.observation(), figures.received().seconds());
        if (figures.received().messages() == 0) {
            return List.of(Finding.of(FindingCode.NO_MESSAGES_IN_WINDOW,
                    "no message was sent during the measurement window"));
        }
        if (figures.received().rate() < 0.99 * target && facts.scenario().faults().isEmpty()) {
            return List.of(Finding.of(FindingCode.TARGET_RATE_MISSED, String.format(Locale.ROOT,
                    "missed the target rate: %.0f of %.0f msgs/s sent", figures.received().rate(), target)));
        }
        return List.of();
    }
}
