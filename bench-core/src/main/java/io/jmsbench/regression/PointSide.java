package io.jmsbench.regression;

import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.Measure;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Rate;
import io.jmsbench.report.Stat;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import io.jmsbench.verdict.Verdict;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * One run's side of a point: how many repeats it had, the worst of their verdicts with the reasons
 * (each once), and a {@link Measure} per metric: each rate as {@link Rate} takes it; a latency over
 * the repeats when there are two or more, else the one run's without an interval. {@code latencyBasis}
 * is what the latency was measured from ({@link io.jmsbench.report.LatencyFigures#INTENDED},
 * {@code INTENDED_PROFILE} or {@code ACTUAL}; null when not measured);
 * {@code disturbances} the findings of any repeat that say other work took the host's cores.
 */
public record PointSide(int repeats, Verdict verdict, List<String> reasons, Map<Metric, Measure> measures,
                        String latencyBasis, List<FindingCode> disturbances) {

    /** Findings that say the host was busy with work other than the run's: its figures say little about the broker. */
    private static final Set<FindingCode> DISTURBING = EnumSet.of(FindingCode.CPU_RULE_FOREIGN_LOAD);

    public PointSide {
        reasons = List.copyOf(reasons);
        disturbances = List.copyOf(disturbances);
        measures = Collections.unmodifiableMap(new EnumMap<>(measures)); // in the enum's order, in every output
    }

    /** Whether its latency was measured from the intended send time (fixed rate or profile), the one worth gating. */
    public boolean latencyFromIntendedSend() {
        return LatencyFigures.INTENDED.equals(latencyBasis) || LatencyFigures.INTENDED_PROFILE.equals(latencyBasis);
    }

    public boolean valid() {
        return verdict == Verdict.VALID;
    }

    public Measure measure(Metric metric) {
        return measures.getOrDefault(metric, Measure.NOT_MEASURED);
    }

    static PointSide of(List<PointResult> repeats) {
        Verdict worst = Verdict.VALID;
        LinkedHashSet<String> reasons = new LinkedHashSet<>();
        for (PointResult r : repeats) {
            Verdict v = verdictOf(r);
            if (v == Verdict.INVALID || worst == Verdict.VALID) {
                worst = v;
            }
            reasons.addAll(r.judgement().invalidReasons() == null ? List.of() : r.judgement().invalidReasons());
        }
        Map<Metric, Measure> measures = new EnumMap<>(Metric.class);
        measures.put(Metric.RECEIVED, Rate.RECEIVED.over(repeats));
        measures.put(Metric.DISPATCHED, Rate.DISPATCHED.over(repeats));
        measures.put(Metric.OVERALL, Rate.OVERALL.over(repeats));
        measures.put(Metric.P50, latency(repeats, r -> r.delivery().latency().p50()));
        measures.put(Metric.P99, latency(repeats, r -> r.delivery().latency().p99()));
        String basis = repeats.stream().filter(r -> r.delivery().latency() != null && r.delivery().latency().count() > 0)
                .map(r -> r.delivery().latency().basis()).findFirst().orElse(null);
        List<FindingCode> disturbances = repeats.stream().flatMap(r -> r.judgement().findings().stream()).map(Finding::code)
                .filter(DISTURBING::contains).distinct().toList();
        return new PointSide(repeats.size(), worst, new ArrayList<>(reasons), measures, basis, disturbances);
    }

    /** A report from before verdicts has only {@code valid}: invalid, or valid. */
    private static Verdict verdictOf(PointResult r) {
        return r.judgement().verdict() != null ? r.judgement().verdict() : r.judgement().valid() ? Verdict.VALID : Verdict.INVALID;
    }

    private static Measure latency(List<PointResult> repeats, ToDoubleFunction<PointResult> value) {
        List<PointResult> measured = repeats.stream().filter(r -> r.delivery().latency() != null).toList();
        if (measured.isEmpty()) {
            return Measure.NOT_MEASURED;
        }
        if (measured.size() >= 2) {
            return overRepeats(measured, value);
        }
        return new Measure(value.applyAsDouble(measured.get(0)), Double.NaN, Measure.Basis.NONE);
    }

    private static Measure overRepeats(List<PointResult> repeats, ToDoubleFunction<PointResult> value) {
        Stat stat = Stat.of(repeats.stream().map(value::applyAsDouble).toList());
        return new Measure(stat.mean(), stat.ci95(), Double.isNaN(stat.ci95()) ? Measure.Basis.NONE
                : Measure.Basis.REPEATS);
    }
}
