package io.jmsbench.report.claims;

import io.jmsbench.model.ModelInputs;
import io.jmsbench.report.ClaimFigure;
import io.jmsbench.report.ClaimGroup;
import io.jmsbench.report.ClaimReason;
import io.jmsbench.report.ClaimReason.Code;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.ClaimVerdict;
import io.jmsbench.report.Figures;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Rate;
import io.jmsbench.scenario.Claim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a run's claims on its points. Two rates differ only when their 95% intervals are apart;
 * anything less is inconclusive, never a pass. A point that is not valid (beyond the CPU rules on
 * a shared host) turns any verdict it takes part in into inconclusive, saying what the figures
 * alone would give; one invalid by the CPU rules on a shared host counts, and the verdict says so.
 */
public final class ClaimEvaluator {

    private ClaimEvaluator() {
    }

    public static List<ClaimResult> evaluate(List<Claim> claims, Map<String, List<Object>> sweep,
                                             List<PointResult> results) {
        Map<Map<String, String>, List<PointResult>> byPoint = new LinkedHashMap<>();
        for (PointResult r : results) {
            byPoint.computeIfAbsent(texts(r.key().parameters()), k -> new ArrayList<>()).add(r);
        }
        List<ClaimResult> out = new ArrayList<>();
        for (Claim claim : claims) {
            out.add(evaluate(claim, sweep, byPoint));
        }
        return out;
    }

    private static ClaimResult evaluate(Claim claim, Map<String, List<Object>> sweep,
                                        Map<Map<String, String>, List<PointResult>> byPoint) {
        List<String> keyValues = sweep.getOrDefault(claim.key(), List.of()).stream().map(String::valueOf).toList();
        int fromIndex = claim.from() == null ? 0 : Math.max(0, keyValues.indexOf(claim.from()));
        Map<Map<String, String>, Map<String, ClaimFigure>> groups = new LinkedHashMap<>();
        byPoint.forEach((parameters, repeats) -> {
            String at = parameters.get(claim.key());
            if (at == null || !matches(parameters, claim.where()) || keyValues.indexOf(at) < fromIndex) {
                return;
            }
            Map<String, String> fixed = new LinkedHashMap<>(parameters);
            fixed.remove(claim.key());
            groups.computeIfAbsent(fixed, k -> new LinkedHashMap<>()).put(at, figure(claim, at, repeats));
        });
        List<ClaimGroup> judged = new ArrayList<>();
        ClaimVerdict verdict = groups.isEmpty() ? ClaimVerdict.INCONCLUSIVE : ClaimVerdict.HOLDS;
        for (Map.Entry<Map<String, String>, Map<String, ClaimFigure>> g : groups.entrySet()) {
            List<ClaimFigure> figures = keyValues.stream().map(g.getValue()::get).filter(f -> f != null).toList();
            ClaimGroup group = judge(claim, g.getKey(), figures);
            judged.add(group);
            verdict = verdict.and(group.verdict());
        }
        if (groups.isEmpty()) {
            judged.add(new ClaimGroup(Map.of(), List.of(), ClaimVerdict.INCONCLUSIVE, List.of(new ClaimReason(
                    Code.NO_POINTS, "no measured point has " + claim.key() + (claim.where().isEmpty() ? ""
                    : " and " + claim.where()) + (claim.from() == null ? "" : " from " + claim.from())))));
        }
        return new ClaimResult(claim, claim.statement(), verdict, judged);
    }

    /** The point's rate and 95% interval by the one rule {@link Rate} states, and whether it may be judged. */
    private static ClaimFigure figure(Claim claim, String at, List<PointResult> repeats) {
        Rate rate = switch (claim.metric()) {
            case RECEIVED -> Rate.RECEIVED;
            case DISPATCHED -> Rate.DISPATCHED;
            case OVERALL -> Rate.OVERALL;
        };
        List<ModelInputs.Use> uses = repeats.stream().map(r -> ModelInputs.use(r.judgement().findings(), Rate.RECEIVED.of(r)))
                .toList();
        boolean usable = uses.stream().allMatch(u -> u == ModelInputs.Use.VALID
                || u == ModelInputs.Use.SHARED_HOST_CPU_RULES_ONLY);
        return new ClaimFigure(at, rate.over(repeats), usable,
                usable && uses.contains(ModelInputs.Use.SHARED_HOST_CPU_RULES_ONLY));
    }

    private static ClaimGroup judge(Claim claim, Map<String, String> fixed, List<ClaimFigure> figures) {
        List<ClaimFigure> used = ClaimGroup.judged(claim, figures);
        List<ClaimReason> reasons = new ArrayList<>();
        ClaimVerdict verdict;
        List<String> missing = missing(claim, figures);
        List<ClaimFigure> unmeasured = used.stream().filter(f -> !f.measured()).toList();
        List<ClaimFigure> noInterval = used.stream().filter(f -> f.measured() && !f.hasInterval()).toList();
        if (!missing.isEmpty() || !unmeasured.isEmpty()) {
            List<String> names = new ArrayList<>(missing);
            unmeasured.forEach(f -> names.add(f.at()));
            reasons.add(new ClaimReason(Code.MISSING, "no " + claim.metric().yamlName() + " rate at " + claim.key() + "="
                    + String.join(", ", names)));
            return new ClaimGroup(fixed, figures, ClaimVerdict.INCONCLUSIVE, reasons);
        }
        if (claim.shape().trend() && used.size() < 2) {
            reasons.add(new ClaimReason(Code.TOO_FEW, "only " + used.size() + " value of " + claim.key()
                    + " measured: no trend to judge"));
            return new ClaimGroup(fixed, figures, ClaimVerdict.INCONCLUSIVE, reasons);
        }
        if (!noInterval.isEmpty()) {
            reasons.add(new ClaimReason(Code.NO_INTERVAL, "no 95% interval at " + claim.key() + "=" + String.join(", ",
                    noInterval.stream().map(ClaimFigure::at).toList()) + " (repeat the points, or measure longer)"));
            return new ClaimGroup(fixed, figures, ClaimVerdict.INCONCLUSIVE, reasons);
        }
        verdict = switch (claim.shape()) {
            case INCREASING -> trend(claim, used, +1, reasons);
            case DECREASING -> trend(claim, used, -1, reasons);
            case FLAT -> flat(claim, used, reasons);
            case ORDERED -> ordered(claim, used, reasons);
            case RATIO -> ratio(claim, used.get(0), used.get(1), reasons);
        };
        List<String> sharedHost = used.stream().filter(ClaimFigure::sharedHostCpuRulesOnly).map(ClaimFigure::at)
                .toList();
        if (!sharedHost.isEmpty()) {
            reasons.add(new ClaimReason(Code.SHARED_HOST, "counted although the CPU rules call them invalid, broker and"
                    + " clients sharing the host: " + claim.key() + "=" + String.join(", ", sharedHost)
                    + " (this machine's rates, not the broker's capacity alone)"));
        }
        List<String> invalid = used.stream().filter(f -> !f.usable()).map(ClaimFigure::at).toList();
        if (!invalid.isEmpty() && verdict != ClaimVerdict.INCONCLUSIVE) {
            reasons.add(0, new ClaimReason(Code.NOT_VALID, "not valid at " + claim.key() + "=" + String.join(", ", invalid)
                    + ": the figures alone say " + verdict.name().toLowerCase(Locale.ROOT) + ", not trusted"));
            verdict = ClaimVerdict.INCONCLUSIVE;
        }
        return new ClaimGroup(fixed, figures, verdict, reasons);
    }

    /**
     * A trend ({@code sign} +1 rising, -1 falling): contradicted by any two values, in the key's order,
     * whose intervals are apart the other way; holds when, besides, the first and last are apart the
     * claimed way.
     */
    private static ClaimVerdict trend(Claim claim, List<ClaimFigure> f, int sign, List<ClaimReason> reasons) {
        for (int i = 0; i < f.size(); i++) {
            for (int j = i + 1; j < f.size(); j++) {
                if (apart(f.get(j), f.get(i), -sign)) {
                    reasons.add(new ClaimReason(Code.REVERSED, claim.metric().yamlName() + (sign > 0 ? " fell" : " rose")
                            + " from " + shown(claim, f.get(i)) + " to " + shown(claim, f.get(j))));
                }
            }
        }
        if (!reasons.isEmpty()) {
            return ClaimVerdict.CONTRADICTED;
        }
        ClaimFigure first = f.get(0);
        ClaimFigure last = f.get(f.size() - 1);
        if (apart(last, first, sign)) {
            reasons.add(new ClaimReason(Code.APART, claim.metric().yamlName() + (sign > 0 ? " rose" : " fell")
                    + " from " + shown(claim, first) + " to " + shown(claim, last) + " (" + change(first, last)
                    + "), with no step the other way beyond the intervals"));
            return ClaimVerdict.HOLDS;
        }
        reasons.add(new ClaimReason(Code.OVERLAP, "from " + shown(claim, first) + " to " + shown(claim, last)
                + " the intervals overlap"));
        return ClaimVerdict.INCONCLUSIVE;
    }

    /** Whether {@code b} is beyond {@code a} in direction {@code sign}, intervals apart. */
    private static boolean apart(ClaimFigure b, ClaimFigure a, int sign) {
        return sign > 0 ? b.low() > a.high() : b.high() < a.low();
    }

    private static ClaimVerdict flat(Claim claim, List<ClaimFigure> f, List<ClaimReason> reasons) {
        double mean = f.stream().mapToDouble(ClaimFigure::value).average().orElseThrow();
        double low = mean * (1 - claim.within());
        double high = mean * (1 + claim.within());
        String band = "the band " + Figures.rate(low) + " to " + Figures.rate(high) + " (mean " + Figures.rate(mean)
                + " ± " + Figures.percent(claim.within()) + ")";
        ClaimVerdict verdict = ClaimVerdict.HOLDS;
        for (ClaimFigure x : f) {
            if (x.high() < low || x.low() > high) {
                reasons.add(new ClaimReason(Code.OUTSIDE, shown(claim, x) + " lies outside " + band));
                verdict = ClaimVerdict.CONTRADICTED;
            } else if (x.low() < low || x.high() > high) {
                reasons.add(new ClaimReason(Code.STRADDLES, shown(claim, x) + " reaches beyond " + band));
                verdict = verdict.and(ClaimVerdict.INCONCLUSIVE);
            }
        }
        if (verdict == ClaimVerdict.HOLDS) {
            double worst = f.stream().mapToDouble(x -> Math.max(Math.abs(x.high() - mean), Math.abs(x.low() - mean)))
                    .max().orElseThrow() / mean;
            reasons.add(new ClaimReason(Code.WITHIN, "all " + f.size() + " intervals lie within " + band
                    + "; the farthest edge is " + Figures.percent(worst) + " from the mean"));
        } else if (verdict == ClaimVerdict.CONTRADICTED) {
            reasons.removeIf(r -> r.code() == Code.STRADDLES);
        }
        return verdict;
    }

    private static ClaimVerdict ordered(Claim claim, List<ClaimFigure> f, List<ClaimReason> reasons) {
        ClaimVerdict verdict = ClaimVerdict.HOLDS;
        List<ClaimReason> apart = new ArrayList<>();
        for (int i = 0; i + 1 < f.size(); i++) {
            ClaimFigure a = f.get(i);
            ClaimFigure b = f.get(i + 1);
            if (apart(b, a, -1)) {
                apart.add(new ClaimReason(Code.APART, shown(claim, a) + " > " + shown(claim, b) + " ("
                        + change(b, a) + ")"));
            } else if (apart(b, a, +1)) {
                reasons.add(new ClaimReason(Code.REVERSED, shown(claim, a) + " < " + shown(claim, b)));
                verdict = ClaimVerdict.CONTRADICTED;
            } else {
                reasons.add(new ClaimReason(Code.OVERLAP, shown(claim, a) + " and " + shown(claim, b)
                        + ": the intervals overlap"));
                verdict = verdict.and(ClaimVerdict.INCONCLUSIVE);
            }
        }
        if (verdict == ClaimVerdict.HOLDS) {
            reasons.addAll(apart);
        } else if (verdict == ClaimVerdict.CONTRADICTED) {
            reasons.removeIf(r -> r.code() == Code.OVERLAP);
        }
        return verdict;
    }

    /** The ratio's interval from the two intervals' ends: a bound, as both move with the machine. */
    private static ClaimVerdict ratio(Claim claim, ClaimFigure of, ClaimFigure to, List<ClaimReason> reasons) {
        double value = of.value() / to.value();
        double low = to.high() > 0 ? of.low() / to.high() : Double.NaN;
        double high = to.low() > 0 ? of.high() / to.low() : Double.POSITIVE_INFINITY;
        String ratio = String.format(Locale.ROOT, "%s over %s is %.3f (95%%: %.3f to %s)", shown(claim, of),
                shown(claim, to), value, low, Double.isInfinite(high) ? "unbounded" : String.format(Locale.ROOT, "%.3f",
                        high));
        ClaimVerdict verdict = ClaimVerdict.HOLDS;
        if (!Double.isNaN(claim.atLeast())) {
            verdict = verdict.and(bound(low, high, claim.atLeast(), true));
        }
        if (!Double.isNaN(claim.atMost())) {
            verdict = verdict.and(bound(low, high, claim.atMost(), false));
        }
        Code code = switch (verdict) {
            case HOLDS -> Code.WITHIN;
            case CONTRADICTED -> Code.OUTSIDE;
            case INCONCLUSIVE -> Code.STRADDLES;
        };
        reasons.add(new ClaimReason(code, ratio));
        return verdict;
    }

    private static ClaimVerdict bound(double low, double high, double bound, boolean atLeast) {
        if (atLeast ? low >= bound : high <= bound) {
            return ClaimVerdict.HOLDS;
        }
        return (atLeast ? high < bound : low > bound) ? ClaimVerdict.CONTRADICTED : ClaimVerdict.INCONCLUSIVE;
    }

    private static List<String> missing(Claim claim, List<ClaimFigure> figures) {
        List<String> names = switch (claim.shape()) {
            case ORDERED -> claim.order();
            case RATIO -> List.of(claim.of(), claim.to());
            default -> List.of();
        };
        return names.stream().filter(n -> figures.stream().noneMatch(f -> f.at().equals(n))).toList();
    }

    private static boolean matches(Map<String, String> parameters, Map<String, String> where) {
        return where.entrySet().stream().allMatch(e -> e.getValue().equals(parameters.get(e.getKey())));
    }

    private static Map<String, String> texts(Map<String, Object> parameters) {
        Map<String, String> out = new LinkedHashMap<>();
        parameters.forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }

    private static String shown(Claim claim, ClaimFigure f) {
        return Figures.rate(f.value(), f.rate().halfWidth()) + " at " + claim.key() + "=" + f.at();
    }

    private static String change(ClaimFigure from, ClaimFigure to) {
        return String.format(Locale.ROOT, "%+.1f%%", (to.value() / from.value() - 1) * 100);
    }
}
