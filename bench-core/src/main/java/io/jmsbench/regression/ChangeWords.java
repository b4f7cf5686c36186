package io.jmsbench.regression;

import io.jmsbench.report.ClaimVerdict;
import io.jmsbench.report.Figures;
import io.jmsbench.report.Measure;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The phrases every output format of a comparison shares, so they all say the same thing. */
public final class ChangeWords {

    private ChangeWords() {
    }

    /** A figure with its interval: {@code 41,184 ± 5,470}, or {@code n/a}. */
    public static String measure(Measure m) {
        return Figures.rate(m.value(), m.halfWidth());
    }

    /** A signed relative change: {@code -51.0%}. */
    public static String change(double relative) {
        return Double.isNaN(relative) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * relative);
    }

    /** What the change amounts to and on what grounds, e.g. {@code SLOWER (intervals apart)}. */
    public static String verdict(MetricChange c) {
        String allowed = Figures.percent(c.allowed());
        return switch (c.grounds()) {
            case INTERVALS_APART -> c.change() + " (95% intervals apart" + (c.change() == MetricChange.Change.SLOWER
                    && !Double.isNaN(c.allowed()) && !c.beyondAllowed() ? "; within the " + allowed + " allowed)" : ")");
            case WITHIN_NOISE -> "no change beyond the noise";
            case THRESHOLD_ONLY -> c.change() + " (beyond " + allowed + "; no interval, the threshold alone)";
            case WITHIN_THRESHOLD -> "no change beyond " + allowed + " (no interval, the threshold alone)";
            case NO_NOISE_NO_THRESHOLD -> "cannot tell: no interval and no threshold";
            case NOT_MEASURED -> "not measured on both sides";
            case DIFFERENT_BASIS -> "not comparable: latency measured from the intended send on one side, the "
                    + "actual send on the other";
        } + switch (c.gating()) {
            case SATURATED -> c.grounds() == MetricChange.Grounds.NOT_MEASURED ? ""
                    : "; not gated: under saturated publishing it measures the publishers' backlog";
            case DISTURBED -> c.inconclusive() ? "; inconclusive: other work took the host's cores during a run"
                    : c.change() == MetricChange.Change.FASTER || c.change() == MetricChange.Change.SLOWER
                    ? "; other work took the host's cores during a run" : "";
            case GATED, OFF, NEVER -> "";
        };
    }

    /** A claim in both runs: {@code received falls with r: holds -> contradicted (broken: ...)}. */
    public static String claim(ClaimChange c) {
        return c.statement() + ": " + claimChange(c);
    }

    /** Its verdicts alone: {@code holds -> contradicted (broken: held in base, contradicted in new)}. */
    public static String claimChange(ClaimChange c) {
        return verdict(c.base()) + " -> " + verdict(c.next()) + " (" + switch (c.change()) {
            case BROKEN -> "broken: held in base, contradicted in new";
            case LOST -> "lost: held in base, the new run cannot tell";
            case KEPT -> "kept";
            case NOW_HOLDS -> "holds now";
            case STILL_NOT_HOLDING -> "did not hold in base either";
            case ONE_SIDE -> "stated by one run only";
        } + ")";
    }

    private static String verdict(ClaimVerdict v) {
        return v == null ? "not stated" : v.name().toLowerCase(Locale.ROOT);
    }

    /** A model parameter, base against new: {@code artemis t_tx 1.03e-05 ± 1.7e-06 s -> ... (+5.0%, ...)}. */
    public static String model(ModelChange m) {
        return modelParameter(m) + " " + modelChange(m);
    }

    /** The parameter, after its compared set's name when it has one: {@code artemis t_tx}. */
    public static String modelParameter(ModelChange m) {
        return (m.set() == null ? "" : m.set() + " ") + m.parameter();
    }

    /** Its figures alone: {@code 1.03e-05 ± 1.7e-06 s -> 1.08e-05 ± 1.5e-06 s (+4.9%, within the noise: ...)}. */
    public static String modelChange(ModelChange m) {
        String judged = switch (m.shift()) {
            case UP -> "more time per message: the 95% intervals are apart";
            case DOWN -> "less time per message: the 95% intervals are apart";
            case WITHIN_NOISE -> "within the noise: the 95% intervals overlap";
            case NO_INTERVAL -> "no interval on a side: not judged";
        };
        return seconds(m.base()) + " -> " + seconds(m.next()) + " (" + change(m.relativeChange()) + ", " + judged + ")";
    }

    private static String seconds(Measure m) {
        return String.format(Locale.ROOT, "%.2e", m.value()) + (m.hasInterval()
                ? String.format(Locale.ROOT, " ± %.1e", m.halfWidth()) : "") + " s";
    }

    /** The one line for a failing metric: the point, the metric, both figures and why. */
    public static String failure(PointComparison p, MetricChange c) {
        return p.label() + ": " + c.metric().label() + " " + measure(c.base()) + " -> " + measure(c.next()) + " "
                + c.metric().unit() + " (" + change(c.relativeChange()) + ", beyond the " + Figures.percent(c.allowed())
                + " allowed and " + (c.grounds() == MetricChange.Grounds.INTERVALS_APART
                ? "the noise: the 95% intervals are apart)" : "no interval to judge the noise by)");
    }

    /** The one line for a metric that would fail the gate but for other work on the host. */
    public static String inconclusive(PointComparison p, MetricChange c) {
        List<String> sides = new ArrayList<>();
        if (!p.base().disturbances().isEmpty()) {
            sides.add("base " + p.base().disturbances());
        }
        if (!p.next().disturbances().isEmpty()) {
            sides.add("new " + p.next().disturbances());
        }
        return p.label() + ": " + c.metric().label() + " " + measure(c.base()) + " -> " + measure(c.next()) + " "
                + c.metric().unit() + " (" + change(c.relativeChange()) + "), but other work took the host's cores ("
                + String.join(", ", sides) + "): measure it again on a quiet host";
    }

    /** Why a side is not valid: its verdict and reasons. */
    public static String notValid(String side, PointSide s) {
        return side + " " + s.verdict().json().toUpperCase(Locale.ROOT)
                + (s.reasons().isEmpty() ? "" : ": " + String.join("; ", s.reasons()));
    }

    /** The two sides' verdicts in a few words: {@code base invalid, new valid}. */
    public static String verdicts(PointComparison p) {
        return "base " + p.base().verdict().json() + ", new " + p.next().verdict().json()
                + (p.base().repeats() > 1 || p.next().repeats() > 1
                ? " (repeats " + p.base().repeats() + " and " + p.next().repeats() + ")" : "");
    }

    /** The gate's rules in one line. */
    public static String rules(GateRules r) {
        String rates = Double.isNaN(r.maxRegression()) ? "rates not gated"
                : "a rate may fall by " + Figures.percent(r.maxRegression());
        String latency = Double.isNaN(r.maxLatencyRegression()) ? "p99 latency not gated"
                : "p99 latency may rise by " + Figures.percent(r.maxLatencyRegression()) + " (at a fixed publish rate)";
        return rates + ", " + latency + ", beyond the noise (95% intervals apart; without intervals, the threshold "
                + "alone); p50 shown, not gated" + (r.requireValid() ? "; every point must be valid on both sides"
                : "");
    }

    /** The overrides of a run: {@code none} or {@code a=1, b=2}. */
    public static String overrides(RunSide side) {
        return side.overrides().isEmpty() ? "none" : String.join(", ", side.overrides());
    }

    /** Where the ± of the figures came from, for a legend. */
    public static String bases(RunComparison c) {
        Set<Measure.Basis> used = c.points().stream()
                .flatMap(p -> p.changes().stream().flatMap(ch -> Stream.of(ch.base(), ch.next())))
                .filter(Measure::measured).map(Measure::basis)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Measure.Basis.class)));
        return used.stream().map(b -> switch (b) {
            case REPEATS -> "over the repeats (Student t)";
            case WINDOW -> "by batch means over one run's window";
            case WINDOW_SUM -> "for overall, the sum of received's and dispatched's (a bound)";
            case FIT -> "the cost model fit's (Student t on its residual degrees of freedom)";
            case NONE -> "none where no ± is shown (single runs' latencies; windows too short)";
        }).collect(Collectors.joining("; ", "± is the 95% interval: ", ""));
    }
}
