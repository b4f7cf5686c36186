package io.jmsbench.report;

import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelInputs;
import io.jmsbench.model.ModelInputs.Use;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.report.PointResult.ReplicationGrade;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;

/**
 * The points a cost-model fit uses, and every other point with why it was left out: the one place
 * that decides, for the run's own fit and for {@code jmsbench fit} alike. A point is fitted when it
 * has a positive received rate, filters and a measured replication grade, and is valid, or invalid by
 * the CPU rules only on a shared host ({@link ModelInputs}), or forced in. Its findings decide; a
 * report written before findings had codes has none, and is read from its sentences.
 *
 * @param used     the points fitted, in the report's order
 * @param excluded the others, each with its typed reason, in the order they were left out
 */
public record FitPoints(List<Used> used, List<Excluded> excluded) {

    /**
     * A point the fit uses. {@code use} says how it entered, {@link Use#INVALID} when forced in;
     * {@code note} why although invalid, {@code null} for a valid point; {@code sharedHost} that broker
     * and clients shared one machine.
     */
    public record Used(ModelPoint point, Use use, boolean sharedHost, String note, boolean partitioned) {

        public Used(ModelPoint point, Use use, boolean sharedHost, String note) {
            this(point, use, sharedHost, note, false);
        }
    }

    public FitPoints {
        used = List.copyOf(used);
        excluded = List.copyOf(excluded);
    }

    /** The run's own fit: its points as measured, none forced in. */
    public static FitPoints of(List<PointResult> points) {
        return of(points, "", false);
    }

    /**
     * {@code labelPrefix} starts every label ({@code "[2] "} for the second of several reports);
     * {@code forceInvalid} fits invalid points too, though never one without a rate, filters or grade.
     */
    public static FitPoints of(List<PointResult> points, String labelPrefix, boolean forceInvalid) {
        boolean repeats = points.stream().anyMatch(p -> p.key().repeat() > 1);
        List<Used> used = new ArrayList<>();
        List<Excluded> excluded = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            PointResult p = points.get(i);
            String label = labelPrefix + label(p, i, repeats);
            Excluded unmeasured = unmeasured(p, label);
            if (unmeasured != null) {
                excluded.add(unmeasured);
                continue;
            }
            List<Finding> findings = p.judgement().findings();
            ModelPoint point = new ModelPoint(label, p.rates().filters(), p.rates().replicationGrade().measured(), p.rates().received().rate());
            boolean sharedHost = Finding.any(findings, FindingCode.SHARED_HOST);
            boolean partitioned = Finding.any(findings, FindingCode.PARTITIONED_HOST);
            Use use = ModelInputs.use(findings, point.receivedRate());
            // an old report's invalid point that gave no reason is not made valid by having none
            use = use == Use.VALID && !p.judgement().valid() ? Use.INVALID : use;
            String because = p.judgement().invalidReasons() == null || p.judgement().invalidReasons().isEmpty() ? "no reason given"
                    : String.join("; ", p.judgement().invalidReasons());
            if (use == Use.VALID) {
                used.add(new Used(point, use, sharedHost, null, partitioned));
            } else if (forceInvalid) {
                used.add(new Used(point, Use.INVALID, sharedHost, "invalid, used by --include-invalid: " + because,
                        partitioned));
            } else if (use == Use.SHARED_HOST_CPU_RULES_ONLY) {
                used.add(new Used(point, use, sharedHost, "shared host, used although invalid: " + because));
            } else {
                excluded.add(new Excluded(label, ExclusionReason.INVALID, because));
            }
        }
        return new FitPoints(used, excluded);
    }

    /** Why the point has no figure the fit can use, {@code null} when it has all three. */
    private static Excluded unmeasured(PointResult p, String label) {
        double rate = Rate.RECEIVED.of(p);
        if (!(rate > 0) || Double.isInfinite(rate)) {
            return new Excluded(label, ExclusionReason.NO_RECEIVED_RATE, "found "
                    + (p.rates().received() == null ? "missing" : rate));
        }
        if (p.rates().filters() < 0) {
            return new Excluded(label, ExclusionReason.NO_FILTERS_COUNT, "found " + p.rates().filters());
        }
        ReplicationGrade grade = p.rates().replicationGrade();
        if (grade == null || !(grade.measured() >= 0) || Double.isInfinite(grade.measured())) {
            return new Excluded(label, ExclusionReason.NO_REPLICATION_GRADE, "found "
                    + (grade == null ? "missing" : grade.measured()));
        }
        return null;
    }

    /** The sweep values ({@code subscribers[0].clients=2, ...}), else the point's place; and its repeat if any repeats. */
    private static String label(PointResult p, int index, boolean repeats) {
        String values = p.key().parameters() == null ? "" : p.key().parameters().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        String label = values.isEmpty() ? "point " + (index + 1) : values;
        return repeats ? label + " repeat " + p.key().repeat() : label;
    }


    /** The points' figures, as the fit takes them. */
    public List<ModelPoint> points() {
        return used.stream().map(Used::point).toList();
    }

    /** These points and then {@code more}'s, e.g. of another report. */
    public FitPoints plus(FitPoints more) {
        List<Used> allUsed = new ArrayList<>(used);
        allUsed.addAll(more.used);
        List<Excluded> allExcluded = new ArrayList<>(excluded);
        allExcluded.addAll(more.excluded);
        return new FitPoints(allUsed, allExcluded);
    }

    /**
     * These with every point whose measured r is above {@code limit} left out, as the paper left out
     * r = 20 and 40; {@code given} is the limit as the user wrote it.
     */
    public FitPoints withMaxR(double limit, String given) {
        return without(i -> used.get(i).point().replicationGrade() > limit, ExclusionReason.ABOVE_MAX_R,
                u -> "measured r " + Figures.grade(u.point().replicationGrade()) + " > " + given);
    }

    /** These with the used points at {@code positions} left out, to test the fit's predictions on them. */
    public FitPoints holdingOut(Set<Integer> positions, long seed) {
        return without(positions::contains, ExclusionReason.HELD_OUT, u -> "seed " + seed);
    }

    private FitPoints without(IntPredicate leftOut, ExclusionReason reason, Function<Used, String> detail) {
        List<Used> kept = new ArrayList<>();
        List<Excluded> allExcluded = new ArrayList<>(excluded);
        for (int i = 0; i < used.size(); i++) {
            Used u = used.get(i);
            if (leftOut.test(i)) {
                allExcluded.add(new Excluded(u.point().label(), reason, detail.apply(u)));
            } else {
                kept.add(u);
            }
        }
        return new FitPoints(kept, allExcluded);
    }

    /** What the fit cannot know of its points: that they come from one machine, or are invalid and forced in. */
    public List<String> warnings() {
        List<String> warnings = new ArrayList<>();
        long shared = used.stream().filter(Used::sharedHost).count();
        long cpuOnly = used.stream().filter(u -> u.use() == Use.SHARED_HOST_CPU_RULES_ONLY).count();
        long invalid = used.stream().filter(u -> u.use() == Use.INVALID).count();
        if (shared > 0) {
            warnings.add(shared + " of " + used.size() + " points come from one machine (shared host"
                    + (cpuOnly > 0 ? ", " + cpuOnly + " of them invalid by the CPU rules only" : "")
                    + "): the parameters describe that machine, not a testbed broker");
        }
        long partitioned = used.stream().filter(Used::partitioned).count();
        if (partitioned > 0) {
            warnings.add(partitioned + " of " + used.size() + " points come from CPU partitions of one machine: the "
                    + "broker had CPUs of its own, but memory bandwidth, caches and the loopback network were shared");
        }
        if (invalid > 0) {
            warnings.add(invalid + " of " + used.size() + " points are invalid and were used because of"
                    + " --include-invalid");
        }
        return warnings;
    }

    /**
     * The points of each compared set ({@code parameters.compare}: brokers side by side), the sets in
     * the order the points name them; empty when no point names one.
     */
    public static Map<String, List<PointResult>> byComparedSet(List<PointResult> points) {
        Map<String, List<PointResult>> bySet = new LinkedHashMap<>();
        for (PointResult p : points) {
            Object set = p.key().parameters() == null ? null : p.key().parameters().get(ScenarioPlan.COMPARE);
            if (set != null) {
                bySet.computeIfAbsent(set.toString(), k -> new ArrayList<>()).add(p);
            }
        }
        return bySet;
    }
}
