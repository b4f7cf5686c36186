package io.jmsbench.run.search;

import io.jmsbench.report.Figures;
import io.jmsbench.report.SearchResult.Answer;
import io.jmsbench.report.SearchResult.Outcome;
import io.jmsbench.scenario.SearchSpec;
import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The decisions of a capacity search, free of brokers and agents: which point to run next, and
 * what the points so far answer.
 *
 * <ol>
 *   <li>The ceiling: with {@code until: max}, one saturated point (the probe) measures the most the
 *       publishers can send; with {@code until: N}, the ceiling is N. No fixed-rate step runs at or
 *       above the ceiling: a fixed rate above the saturated throughput is taken to fail, untested.</li>
 *   <li>The first fixed-rate step runs at {@code from}, so the answer's lower end is always a
 *       tested step; while no step has passed, the next runs at half the lowest rate tried.</li>
 *   <li>Then it bisects [highest pass, lowest rate that did not pass, or the ceiling] at the
 *       geometric midpoint (rounded to 3 significant digits: a bracket from 1,000 to 60,000 msgs/s
 *       spans orders of magnitude, and halving its logarithm takes the same number of steps
 *       wherever the answer lies), until the upper end is at most {@link #WITHIN} above the lower,
 *       or only the confirming repeat is left of {@code maxPoints}.</li>
 *   <li>Last, it runs the highest passing rate once more; whether that repeat passes is part of
 *       the answer, never hidden.</li>
 * </ol>
 *
 * Why a probe rather than doubling from {@code from} until a step fails: from 1,000 msgs/s to a
 * broker's 60,000, doubling spends 7 steps to get a bracket a factor of 2 wide, the probe one
 * point to get the whole range, after which each step halves the bracket's logarithm. The
 * probe's rate is an upper end nobody tested at a fixed rate; the answer says so whenever the
 * bracket ends there.
 *
 * <p>A step that did not pass (failed, or generator-limited) bounds the bracket from above alike:
 * a generator-limited step says nothing about the broker, so the search cannot go past it, and
 * the answer says so.
 */
public final class CapacitySearch {

    /** The bracket is tight enough when its upper end is at most 5% above its lower one. */
    public static final double WITHIN = 0.05;

    /** What a point of the search is: the saturated probe, a fixed-rate step, or the confirming repeat. */
    public enum Kind { PROBE, STEP, CONFIRM }

    /** The point to run next: its kind and its total rate in msgs/s (NaN for the saturated probe). */
    public record Request(Kind kind, double rate) {
    }

    private record Done(Kind kind, double rate, StepOutcome outcome) {
    }

    private final SearchSpec spec;
    private final List<Done> done = new ArrayList<>();
    private Request pending;
    /** The rate no step reaches: the probe's, or until; NaN before the probe, or when it measured nothing. */
    private double ceiling;
    private String stopped;

    public CapacitySearch(SearchSpec spec) {
        this.spec = spec;
        this.ceiling = spec.until() == null ? Double.NaN : spec.until();
    }

    /** The next point, or empty when the search is over; each must be recorded before the next. */
    public Optional<Request> next() {
        if (pending != null) {
            throw new IllegalStateException("the " + pending + " has no outcome yet");
        }
        if (done.stream().anyMatch(d -> d.kind() == Kind.CONFIRM)) {
            return Optional.empty();
        }
        if (spec.until() == null && done.isEmpty()) {
            pending = new Request(Kind.PROBE, Double.NaN);
            return Optional.of(pending);
        }
        Double rate = nextStep();
        if (rate != null) {
            pending = new Request(Kind.STEP, rate);
        } else if (highestPass() != null && done.size() < spec.maxPoints()) {
            pending = new Request(Kind.CONFIRM, highestPass());
        }
        return Optional.ofNullable(pending);
    }

    /** The saturated probe's sent rate, the ceiling of every step (NaN or 0: it measured none). */
    public void recordProbe(double sentRate) {
        take(Kind.PROBE, new StepOutcome(Outcome.CEILING, List.of()));
        ceiling = sentRate > 0 ? sentRate : Double.NaN;
    }

    /** A fixed-rate step's or the repeat's outcome. */
    public void record(StepOutcome outcome) {
        if (pending != null && pending.kind() == Kind.PROBE) {
            throw new IllegalStateException("the probe gives a ceiling, not an outcome");
        }
        take(pending == null ? null : pending.kind(), outcome);
    }

    private void take(Kind kind, StepOutcome outcome) {
        if (pending == null || pending.kind() != kind) {
            throw new IllegalStateException("no " + kind + " is waiting for its outcome");
        }
        done.add(new Done(kind, pending.rate(), outcome));
        pending = null;
    }

    /** The next fixed-rate step, or null (with {@link #stopped} said) when the bracketing is over. */
    private Double nextStep() {
        if (Double.isNaN(ceiling)) {
            stopped = "the saturated probe measured no rate";
            return null;
        }
        if (steps().isEmpty()) {
            if (spec.from() >= ceiling) {
                stopped = "from is not below the ceiling";
                return null;
            }
            return spec.from();
        }
        Double low = highestPass();
        Done high = lowestNonPass();
        if (low == null) {
            // nothing passed yet: halve below the lowest rate that did not, to find a lower end
            if (done.size() >= spec.maxPoints() - 1) {
                stopped = "maxPoints (" + spec.maxPoints() + ") reached before any rate passed";
                return null;
            }
            double half = round3(high.rate() / 2);
            return half > 0 ? half : null;
        }
        double top = high == null ? ceiling : high.rate();
        if (top <= low * (1 + WITHIN)) {
            stopped = String.format(Locale.ROOT, "the bracket is within %.0f%%", 100 * WITHIN);
            return null;
        }
        if (done.size() >= spec.maxPoints() - 1) {
            stopped = "maxPoints (" + spec.maxPoints() + ") reached";
            return null;
        }
        double mid = round3(Math.sqrt(low * top));
        if (!(mid > low && mid < top)) {
            stopped = "the bracket cannot be split at 3 significant digits";
            return null;
        }
        return mid;
    }

    private List<Done> steps() {
        return done.stream().filter(d -> d.kind() == Kind.STEP).toList();
    }

    /** The highest step rate that passed below every step rate that did not; null if none. */
    private Double highestPass() {
        Done high = lowestNonPass();
        return steps().stream().filter(s -> s.outcome().passed()).filter(s -> high == null || s.rate() < high.rate())
                .map(Done::rate).max(Double::compare).orElse(null);
    }

    /** The lowest step rate that failed or was generator-limited; null if none. */
    private Done lowestNonPass() {
        return steps().stream().filter(s -> !s.outcome().passed()).min(Comparator.comparingDouble(Done::rate))
                .orElse(null);
    }

    public static double round3(double rate) {
        return new BigDecimal(rate).round(new MathContext(3)).doubleValue();
    }

    /**
     * What the points answer. {@code abortReason}: why the run ended the search early ({@code null}
     * when it ran to its end); {@code wallSeconds}: the time the search took.
     */
    public Answer answer(String abortReason, double wallSeconds) {
        String why = abortReason != null ? "the run was aborted (" + abortReason + ")"
                : stopped != null ? stopped : "not finished";
        Double rate = highestPass();
        Done high = lowestNonPass();
        Done confirm = done.stream().filter(d -> d.kind() == Kind.CONFIRM).findFirst().orElse(null);
        Double top = high != null ? Double.valueOf(high.rate()) : rate != null && !Double.isNaN(ceiling) ? ceiling : null;
        return new Answer(rate, rate, top, high == null ? null : high.outcome().outcome(),
                Double.isNaN(ceiling) ? null : ceiling, confirm == null ? null : confirm.outcome().passed(), why,
                done.size(), wallSeconds, sentence(rate, high, confirm, why, wallSeconds));
    }

    private String sentence(Double rate, Done high, Done confirm, String why, double wallSeconds) {
        String under = spec.latencyBound()
                ? "with " + spec.latency().yamlName() + " at most " + Durations.format(spec.below())
                : "(throughput only, no latency bound)";
        String ceilingName = spec.until() == null ? "the saturated probe's " + msgs(ceiling) : "until, " + msgs(ceiling);
        String cost = String.format(Locale.ROOT, " (%d point%s, %.0f s; stopped: %s)", done.size(),
                done.size() == 1 ? "" : "s", wallSeconds, why);
        List<Done> steps = steps();
        if (steps.isEmpty()) {
            String what = Double.isNaN(ceiling) ? "the saturated probe measured no rate, so there is no ceiling to "
                    + "search under" : spec.from() >= ceiling ? "the ceiling, " + ceilingName + ", is not above from ("
                    + msgs(spec.from()) + "): lower search.from" : "no step ran";
            return "No capacity " + under + ": " + what + cost + ".";
        }
        if (rate == null) {
            Done lowest = high;
            return "No rate passed " + under + ": the lowest step, " + msgs(lowest.rate()) + ", "
                    + (lowest.outcome().outcome() == Outcome.GENERATOR_LIMITED ? "was generator-limited" : "failed")
                    + " (" + String.join("; ", lowest.outcome().reasons()) + "); the capacity is below "
                    + msgs(lowest.rate()) + ", or the steps were invalid: see their reasons" + cost + ".";
        }
        StringBuilder s = new StringBuilder("Capacity " + under + ": " + msgs(rate));
        if (high == null) {
            s.append(String.format(Locale.ROOT, ", bracket [%s, %s] msgs/s (%.1f%% wide): every step passed, and "
                    + "no step goes above the ceiling, %s (a fixed rate above it is taken to fail, untested)",
                    Figures.rate(rate), Figures.rate(ceiling), 100 * (ceiling / rate - 1), ceilingName));
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
        if (spec.until() == null && high != null) {
            s.append("; the saturated probe sent ").append(msgs(ceiling));
        }
        return s.append(cost).append('.').toString();
    }

    private static String msgs(double rate) {
        return Figures.rate(rate) + " msgs/s";
    }
}
