package io.jmsbench.run.search;

import io.jmsbench.report.SearchResult.Outcome;
import io.jmsbench.scenario.SearchSpec;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether one fixed-rate step passes: a pure function of its {@link StepFigures}. It passes when
 * the publishers sent at least {@link #RATE_MIN} of the target, the subscribers got at least
 * {@link #GRADE_MIN} of the expected copies per message sent and at most as many above it (beyond the
 * window's noise: the backlog stayed flat both ways), the searched latency percentile, counted from the intended send time, is
 * at most the bound, and the judge found nothing else that makes the point invalid.
 *
 * <p>When the judge found a client JVM or host above the client CPU bound, the load generator may
 * have been what held the rate back: the step is {@link Outcome#GENERATOR_LIMITED}, which says
 * nothing about the broker, whatever else it shows.
 */
public final class StepRule {

    /** The publishers must send at least this share of the target: a step that cannot is over capacity. */
    public static final double RATE_MIN = 0.97;
    /** The subscribers must get at least this share of the expected copies per message sent. */
    public static final double GRADE_MIN = 0.97;

    /**
     * The judge's findings this rule replaces with its own: the judge's rate rule (99% of the target)
     * is stricter than a search's, its backlog findings are the rule's backlog test, and the
     * client CPU rule makes a step generator-limited instead.
     */
    private static final Set<FindingCode> REPLACED = Set.of(FindingCode.TARGET_RATE_MISSED, FindingCode.NOT_STEADY,
            FindingCode.BACKLOG_CHANGED, FindingCode.CPU_RULE_CLIENT);

    private StepRule() {
    }

    public static StepOutcome judge(StepFigures f, SearchSpec spec) {
        List<String> generator = new ArrayList<>();
        for (Finding finding : f.findings()) {
            if (finding.code() == FindingCode.CPU_RULE_CLIENT) {
                generator.add("generator-limited: " + finding.text());
            }
        }
        List<String> reasons = new ArrayList<>();
        for (Finding finding : f.findings()) {
            if (finding.blocking() && !REPLACED.contains(finding.code())) {
                reasons.add(finding.invalid() ? "invalid: " + finding.text() : finding.text());
            }
        }
        if (Double.isNaN(f.sent())) {
            reasons.add("nothing was measured: the window never completed");
        } else if (!(f.sent() >= RATE_MIN * f.target())) {
            reasons.add(String.format(Locale.ROOT, "sent %,.0f of %,.0f msgs/s (%.1f%% < %.0f%%)", f.sent(), f.target(),
                    100 * f.sent() / f.target(), 100 * RATE_MIN));
        }
        backlog(f).ifPresent(reasons::add);
        if (spec.latencyBound()) {
            double bound = spec.below().toNanos() / 1000.0;
            if (Double.isNaN(f.latencyMicros())) {
                reasons.add(spec.latency().yamlName() + " not measured: no message was received in the window");
            } else if (f.latencyMicros() > bound) {
                reasons.add(String.format(Locale.ROOT, "%s %s ms > %s ms", spec.latency().yamlName(),
                        millis(f.latencyMicros()), millis(bound)));
            }
        }
        if (!generator.isEmpty()) {
            generator.addAll(reasons);
            return new StepOutcome(Outcome.GENERATOR_LIMITED, generator);
        }
        return reasons.isEmpty() ? StepOutcome.PASS : new StepOutcome(Outcome.FAIL, reasons);
    }

    /**
     * The backlog moved when the subscribers' shortfall, {@code GRADE_MIN x grade x sent - dispatched}
     * msgs/s, or their surplus, {@code dispatched - (2 - GRADE_MIN) x grade x sent}, is above 0 and
     * above the noise of the backlog's change a second (or, without an interval, above 0 alone): a
     * window in which the subscribers got more than was sent drained what the warm-up left behind,
     * and is no more steady than one in which they fell behind.
     */
    private static Optional<String> backlog(StepFigures f) {
        if (!(f.expectedGrade() > 0) || !(f.sent() > 0)) {
            return Optional.empty();
        }
        double shortfall = GRADE_MIN * f.expectedGrade() * f.sent() - f.dispatched();
        double surplus = f.dispatched() - (2 - GRADE_MIN) * f.expectedGrade() * f.sent();
        double moved = Math.max(shortfall, surplus);
        boolean beyondNoise = Double.isNaN(f.backlogNoise()) || moved > f.backlogNoise();
        if (!(moved > 0) || !beyondNoise) {
            return Optional.empty();
        }
        return Optional.of(shortfall > 0
                ? String.format(Locale.ROOT, "backlog grew: the subscribers got %.3f copies per message sent against "
                        + "the expected %.2f (< %.0f%%)", f.dispatched() / f.sent(), f.expectedGrade(), 100 * GRADE_MIN)
                : String.format(Locale.ROOT, "backlog shrank: the subscribers got %.3f copies per message sent "
                        + "against the expected %.2f (> %.0f%%): they were draining what was sent before the window, "
                        + "so it was not steady", f.dispatched() / f.sent(), f.expectedGrade(),
                100 * (2 - GRADE_MIN)));
    }

    /** Microseconds as milliseconds, with a decimal below 10 ms. */
    static String millis(double micros) {
        double ms = micros / 1000;
        return ms < 10 ? String.format(Locale.ROOT, "%.2f", ms) : String.format(Locale.ROOT, "%,.1f", ms);
    }
}
