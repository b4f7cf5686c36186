package io.jmsbench.regression;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
                allowedDifferences, rules, points, onlyInBase, onlyInNew, model(base.model(), next.model()));
    }

    /** How a point is named in every output: the scenario, and its parameters when it has any. */
    public static String label(String scenario, Map<String, Object> parameters) {
        return parameters.isEmpty() ? scenario : scenario + "[" + parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")) + "]";
    }

    private static Map<Map<String, Object>, List<PointResult>> byParameters(Report report) {
        Map<Map<String, Object>, List<PointResult>> groups = new LinkedHashMap<>();
        for (PointResult p : report.points()) {
            groups.computeIfAbsent(p.parameters(), k -> new ArrayList<>()).add(p);
        }
        return groups;
    }

    private static PointComparison point(String scenario, Map<String, Object> parameters, PointSide base,
                                         PointSide next, GateRules rules) {
        List<MetricChange> changes = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (!m.isRate() && !java.util.Objects.equals(base.latencyBasis(), next.latencyBasis())) {
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

    private static List<ModelChange> model(ModelFit base, ModelFit next) {
        if (base == null || next == null) {
            return List.of();
        }
        return List.of(change("t_rcv", base.tRcv(), next.tRcv()), change("t_fltr", base.tFltr(), next.tFltr()),
                change("t_tx", base.tTx(), next.tTx()));
    }

    private static ModelChange change(String parameter, double base, double next) {
        return new ModelChange(parameter, base, next, base == 0 ? Double.NaN : (next - base) / base);
    }
}
