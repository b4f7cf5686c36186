package io.jmsbench.run.search;

import io.jmsbench.report.Figures;
import io.jmsbench.report.SearchResult.Answer;
import io.jmsbench.report.SearchResult.Outcome;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.SearchSpec;
import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The decisions of a capacity search, free of brokers and agents: which rate to try next, and
 * what the steps so far answer. It brackets, then bisects:
 *
 * <ol>
 *   <li>The first step runs at {@code from}; while every step passes, the next doubles the rate
 *       (up to {@code until}), so the first failure brackets the capacity within a factor of 2 in
 *       log2(capacity / from) + 1 steps. Doubling needs no saturated probe: both ends of the
 *       bracket are fixed-rate steps judged by the same rule, and nothing assumes that a fixed
 *       rate above a saturated run's throughput must fail.</li>
 *   <li>Then it bisects [highest pass, lowest rate that did not pass] at the midpoint (rounded to
 *       3 significant digits), until the bracket's upper end is at most {@link #WITHIN} above its
 *       lower end, or only the confirming repeat is left of {@code maxPoints}.</li>
 *   <li>Last, it runs the highest passing rate once more; whether that repeat passes is part of
 *       the answer, never hidden.</li>
 * </ol>
 *
 * A step that did not pass (failed, or generator-limited) bounds the bracket from above alike: a
 * generator-limited step says nothing about the broker, so the search cannot go past it, and the
 * answer says so. A first step that does not pass ends the search: the capacity is below
 * {@code from}, or something else is wrong, and the reason says which.
 */
public final class CapacitySearch {

    /** The bracket is tight enough when its upper end is at most 5% above its lower one. */
    public static final double WITHIN = 0.05;

    /** The rate to run next; {@code confirm} for the repeat that confirms the answer. */
    public record Request(double rate, boolean confirm) {
    }

    private record Done(double rate, boolean confirm, StepOutcome outcome) {
    }

    private final SearchSpec spec;
    private final List<Done> steps = new ArrayList<>();
    private Request pending;
    private String stopped;

    public CapacitySearch(SearchSpec spec) {
        this.spec = spec;
    }

    /** The next step, or empty when the search is over; each must be {@link #record}ed before the next. */
    public Optional<Request> next() {
        if (pending != null) {
            throw new IllegalStateException("the step at " + pending.rate() + " msgs/s has no outcome yet");
        }
        if (steps.stream().anyMatch(Done::confirm)) {
            return Optional.empty();
        }
        Double rate = nextSearchRate();
        if (rate != null) {
            pending = new Request(rate, false);
        } else if (highestPass() != null && steps.size() < spec.maxPoints()) {
            pending = new Request(highestPass(), true);
        }
        return Optional.ofNullable(pending);
    }

    public void record(StepOutcome outcome) {
        if (pending == null) {
            throw new IllegalStateException("no step is waiting for its outcome");
        }
        steps.add(new Done(pending.rate(), pending.confirm(), outcome));
        pending = null;
    }

    /** The next rate of the bracketing and bisection, or null (with {@link #stopped} said) when they are over. */
    private Double nextSearchRate() {
        long searched = steps.stream().filter(s -> !s.confirm()).count();
        if (searched == 0) {
            return spec.from();
        }
        Double low = highestPass();
        Done high = lowestNonPass();
        if (low == null) {
            stopped = "the first rate did not pass";
            return null;
        }
        if (high != null && high.rate() <= low * (1 + WITHIN)) {
            stopped = String.format(Locale.ROOT, "the bracket is within %.0f%%", 100 * WITHIN);
            return null;
        }
        double ceiling = spec.until() == null ? Defaults.MAX_PUBLISH_RATE : spec.until();
        if (high == null && low >= ceiling) {
            stopped = spec.until() == null ? "the largest rate jmsbench accepts passed" : "until reached";
            return null;
        }
        if (searched >= spec.maxPoints() - 1) {
            stopped = "maxPoints (" + spec.maxPoints() + ") reached";
            return null;
        }
        if (high == null) {
            return Math.min(2 * low, ceiling);
        }
        double mid = round3((low + high.rate()) / 2);
        if (!(mid > low && mid < high.rate())) {
            stopped = "the bracket cannot be split at 3 significant digits";
            return null;
        }
        return mid;
    }

    /** The highest rate that passed below every rate that did not (search steps only); null if none. */
    Double highestPass() {
        Done high = lowestNonPass();
        return steps.stream().filter(s -> !s.confirm() && s.outcome().passed())
                .filter(s -> high == null || s.rate() < high.rate()).map(Done::rate).max(Double::compare).orElse(null);
    }

    /** The lowest rate that failed or was generator-limited (search steps only); null if none. */
    private Done lowestNonPass() {
        return steps.stream().filter(s -> !s.confirm() && !s.outcome().passed())
                .min(java.util.Comparator.comparingDouble(Done::rate)).orElse(null);
    }

    static double round3(double rate) {
        return new BigDecimal(rate).round(new MathContext(3)).doubleValue();
    }

    /**
     * What the steps answer. {@code abortReason}: why the run ended the search early ({@code null}
     * when it ran to its end); {@code wallSeconds}: the time the search took.
     */
    public Answer answer(String abortReason, double wallSeconds) {
        String why = abortReason != null ? "the run was aborted (" + abortReason + ")"
                : stopped != null ? stopped : "not finished";
        Double rate = highestPass();
        Done high = lowestNonPass();
        Done confirm = steps.stream().filter(Done::confirm).findFirst().orElse(null);
        Boolean confirmed = confirm == null ? null : confirm.outcome().passed();
        return new Answer(rate, rate, high == null ? null : high.rate(), high == null ? null : high.outcome().outcome(),
                confirmed, why, steps.size(), wallSeconds, sentence(rate, high, confirm, why, wallSeconds));
    }

    private String sentence(Double rate, Done high, Done confirm, String why, double wallSeconds) {
        String under = spec.latencyBound()
                ? "with " + spec.latency().yamlName() + " at most " + Durations.format(spec.below())
                : "(throughput only, no latency bound)";
        String cost = String.format(Locale.ROOT, " (%d point%s, %.0f s; stopped: %s)", steps.size(),
                steps.size() == 1 ? "" : "s", wallSeconds, why);
        if (steps.isEmpty()) {
            return "No step ran" + cost + ".";
        }
        if (rate == null) {
            Done first = steps.get(0);
            return "No rate passed " + under + ": the first step, " + msgs(first.rate()) + ", "
                    + (first.outcome().outcome() == Outcome.GENERATOR_LIMITED ? "was generator-limited" : "failed")
                    + " (" + String.join("; ", first.outcome().reasons()) + "); the capacity is below "
                    + msgs(first.rate()) + " or the step was invalid: see its reasons, or lower search.from" + cost + ".";
        }
        StringBuilder s = new StringBuilder("Capacity " + under + ": " + msgs(rate));
        if (high == null) {
            s.append(", the highest rate tried, and every step passed: the capacity is at least that, no step failed");
        } else {
            s.append(String.format(Locale.ROOT, ", bracket [%s, %s] msgs/s (%.1f%% wide)", Figures.rate(rate),
                    Figures.rate(high.rate()), 100 * (high.rate() / rate - 1)));
            if (high.outcome().outcome() == Outcome.GENERATOR_LIMITED) {
                s.append("; at ").append(msgs(high.rate())).append(" the load generator was the limit, not the "
                        + "broker (").append(String.join("; ", high.outcome().reasons()))
                        .append("), so the broker's own capacity may be higher");
            } else {
                s.append("; ").append(msgs(high.rate())).append(" failed (")
                        .append(String.join("; ", high.outcome().reasons())).append(')');
            }
        }
        if (confirm == null) {
            s.append("; NOT confirmed: no repeat ran");
        } else if (confirm.outcome().passed()) {
            s.append("; confirmed by a repeat at ").append(msgs(rate));
        } else {
            s.append("; the confirming repeat at ").append(msgs(rate)).append(" did NOT pass (")
                    .append(String.join("; ", confirm.outcome().reasons()))
                    .append("), so this rate is not reliably sustained");
        }
        return s.append(cost).append('.').toString();
    }

    private static String msgs(double rate) {
        return Figures.rate(rate) + " msgs/s";
    }
}
