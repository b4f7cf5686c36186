package io.jmsbench.regression;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.ModelFit;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.ClaimVerdict;
import io.jmsbench.report.Measure;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Compares two runs of one scenario: points are matched by their parameters (sweep values, case
 * names), their repeats taken together, and each metric judged by {@link MetricChange#of}.
 * Checking that the runs may be compared at all ({@link RunFingerprint#differences}) comes first
 * and is the caller's.
 */
public final class Comparer {

    private Comparer() {
    }

    public static RunComparison compare(Report base, Report next, GateRules rules,
                                        List<FingerprintPart> allowedDifferences) {
        String scenario = next.scenario() == null ? "?" : next.scenario().name();
        Map<Map<String, Object>, List<PointResult>> basePoints = byParameters(base);
        Map<Map<String, Object>, List<PointResult>> nextPoints = byParameters(next);
        List<PointComparison> points = new ArrayList<>();
        List<String> onlyInBase = new ArrayList<>();
        for (Map.Entry<Map<String, Object>, List<PointResult>> e : basePoints.entrySet()) {
            List<PointResult> other = nextPoints.get(e.getKey());
            if (other == null) {
                onlyInBase.add(label(scenario, e.getKey()));
            } else {
                points.add(point(scenario, e.getKey(), PointSide.of(e.getValue()), PointSide.of(other), rules));
            }
        }
        List<String> onlyInNew = nextPoints.keySet().stream().filter(k -> !basePoints.containsKey(k))
                .map(k -> label(scenario, k)).toList();
        return new RunComparison(RunComparison.SCHEMA, scenario, RunSide.of(base), RunSide.of(next),
                allowedDifferences, rules, points, onlyInBase, onlyInNew, models(base, next),
                claims(base.claims(), next.claims()));
    }

    /** How a point is named in every output: the scenario, and its parameters when it has any. */
    public static String label(String scenario, Map<String, Object> parameters) {
        return parameters.isEmpty() ? scenario : scenario + "[" + parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")) + "]";
    }

    private static Map<Map<String, Object>, List<PointResult>> byParameters(Report report) {
        Map<Map<String, Object>, List<PointResult>> groups = new LinkedHashMap<>();
        for (PointResult p : report.points()) {
            groups.computeIfAbsent(p.key().parameters(), k -> new ArrayList<>()).add(p);
        }
        return groups;
    }

    private static PointComparison point(String scenario, Map<String, Object> parameters, PointSide base,
                                         PointSide next, GateRules rules) {
        List<MetricChange> changes = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (!m.isRate() && !Objects.equals(base.latencyBasis(), next.latencyBasis())) {
                changes.add(MetricChange.differentBasis(m, base.measure(m), next.measure(m), rules.allowed(m)));
                continue;
            }
            MetricChange.Gating gating = m == Metric.P50 ? MetricChange.Gating.NEVER
                    : Double.isNaN(rules.allowed(m)) ? MetricChange.Gating.OFF
                    : !base.disturbances().isEmpty() || !next.disturbances().isEmpty() ? MetricChange.Gating.DISTURBED
                    : !m.isRate() && !next.latencyFromIntendedSend() ? MetricChange.Gating.SATURATED
                    : MetricChange.Gating.GATED;
            changes.add(MetricChange.of(m, base.measure(m), next.measure(m), rules.allowed(m), gating));
        }
        return new PointComparison(label(scenario, parameters), parameters, base, next, changes);
    }

    /** The run's one model, and each compared set's, where both runs fitted it. */
    private static List<ModelChange> models(Report base, Report next) {
        List<ModelChange> out = new ArrayList<>();
        model(null, base.model(), next.model(), out);
        base.models().forEach((set, fit) -> model(set, fit, next.models().get(set), out));
        return out;
    }

    private static void model(String set, ModelFit base, ModelFit next, List<ModelChange> out) {
        if (base == null || next == null) {
            return;
        }
        double[] baseValues = {base.tRcv(), base.tFltr(), base.tTx()};
        double[] nextValues = {next.tRcv(), next.tFltr(), next.tTx()};
        for (int i = 0; i < CostModel.PARAMETERS.size(); i++) {
            String name = CostModel.PARAMETERS.get(i);
            out.add(ModelChange.of(set, name, measure(base, name, baseValues[i]), measure(next, name, nextValues[i])));
        }
    }

    /** A parameter with the fit's 95% interval; none in a report written before fits had them. */
    private static Measure measure(ModelFit fit, String name, double value) {
        return fit.estimates().stream().filter(e -> e.name().equals(name) && !Double.isNaN(e.high95())).findFirst()
                .map(e -> new Measure(e.value(), e.high95() - e.value(), Measure.Basis.FIT))
                .orElse(new Measure(value, Double.NaN, Measure.Basis.NONE));
    }

    /** Claims matched by their statement (in order, should a scenario state one twice). */
    private static List<ClaimChange> claims(List<ClaimResult> base, List<ClaimResult> next) {
        Map<String, List<ClaimVerdict>> nextVerdicts = new LinkedHashMap<>();
        next.forEach(c -> nextVerdicts.computeIfAbsent(c.statement(), k -> new ArrayList<>()).add(c.verdict()));
        List<ClaimChange> out = new ArrayList<>();
        for (ClaimResult c : base) {
            List<ClaimVerdict> matches = nextVerdicts.getOrDefault(c.statement(), new ArrayList<>());
            out.add(ClaimChange.of(c.statement(), c.verdict(), matches.isEmpty() ? null : matches.remove(0)));
        }
        nextVerdicts.forEach((statement, rest) -> rest.forEach(v -> out.add(ClaimChange.of(statement, null, v))));
        return out;
    }
}
