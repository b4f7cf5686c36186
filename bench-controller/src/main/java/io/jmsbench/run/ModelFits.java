package io.jmsbench.run;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelInputs;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Rate;

import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.verdict.Finding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Fits the cost model to a run's usable points when the sweep varies both n_fltr and r over at
 * least four points (fewer cannot identify three parameters and a leave-one-out error); {@code null}
 * otherwise, and {@code jmsbench fit} remains for combining several reports. With compared sets
 * (brokers side by side), one fit per set.
 */
final class ModelFits {

    private static final int MIN_POINTS = 4;

    private ModelFits() {
    }

    /** The same label {@code jmsbench fit} gives a point: its sweep values and, when repeated, the repeat. */
    private static String label(PointResult p) {
        StringBuilder label = new StringBuilder();
        p.key().parameters().forEach((k, v) -> label.append(label.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return label + (p.key().repeat() > 1 ? " repeat " + p.key().repeat() : "");
    }

    /**
     * One fit per compared set, in the sweep's order, for the sets whose points identify the model;
     * empty when the points have no compared set.
     */
    static Map<String, ModelFit> byComparedSet(List<PointResult> results) {
        Map<String, List<PointResult>> bySet = new LinkedHashMap<>();
        for (PointResult p : results) {
            Object set = p.key().parameters().get(ScenarioPlan.COMPARE);
            if (set != null) {
                bySet.computeIfAbsent(set.toString(), k -> new ArrayList<>()).add(p);
            }
        }
        Map<String, ModelFit> fits = new LinkedHashMap<>();
        bySet.forEach((set, points) -> {
            ModelFit fit = of(points);
            if (fit != null) {
                fits.put(set, fit);
            }
        });
        return fits;
    }

    static ModelFit of(List<PointResult> results) {
        List<Excluded> excluded = new ArrayList<>();
        List<ModelPoint> points = usable(results, excluded);
        return identifies(points) ? CostModel.fit(points).withExcluded(excluded) : null;
    }

    /**
     * Why no model was fitted where the design would identify one (every measured point taken as if
     * usable): {@code set} is the compared set, {@code null} for the run's one model; {@code null} when a
     * model was fitted, or when the design never identified one.
     */
    static ModelNotFitted notFitted(String set, List<PointResult> results) {
        List<Excluded> excluded = new ArrayList<>();
        List<ModelPoint> points = usable(results, excluded);
        List<ModelPoint> designed = results.stream().filter(p -> p.rates().replicationGrade() != null
                        && p.rates().replicationGrade().expected() >= 0 && Double.isFinite(p.rates().replicationGrade().expected()))
                .map(p -> new ModelPoint(label(p), p.rates().filters(), p.rates().replicationGrade().expected(), 1)).toList();
        if (identifies(points) || !identifies(designed)) {
            return null;
        }
        return new ModelNotFitted(set, results.size(), points.size(), MIN_POINTS, excluded);
    }

    /** The points whose sets were not fitted though their design would identify a model, per compared set. */
    static List<ModelNotFitted> notFittedByComparedSet(List<PointResult> results) {
        Map<String, List<PointResult>> bySet = new LinkedHashMap<>();
        for (PointResult p : results) {
            Object set = p.key().parameters().get(ScenarioPlan.COMPARE);
            if (set != null) {
                bySet.computeIfAbsent(set.toString(), k -> new ArrayList<>()).add(p);
            }
        }
        List<ModelNotFitted> out = new ArrayList<>();
        bySet.forEach((set, points) -> {
            ModelNotFitted why = notFitted(set, points);
            if (why != null) {
                out.add(why);
            }
        });
        return out;
    }

    private static boolean identifies(List<ModelPoint> points) {
        boolean filtersVary = points.stream().mapToDouble(ModelPoint::filters).distinct().count() > 1;
        boolean gradeVaries = points.stream().mapToDouble(p -> Math.round(p.replicationGrade() * 100)).distinct().count() > 1;
        return points.size() >= MIN_POINTS && filtersVary && gradeVaries;
    }

    /** The points a fit may use; the others go to {@code excluded} with their reason. */
    private static List<ModelPoint> usable(List<PointResult> results, List<Excluded> excluded) {
        List<ModelPoint> points = new ArrayList<>();
        for (PointResult p : results) {
            switch (ModelInputs.use(p.judgement().findings(), Rate.RECEIVED.of(p))) {
                case INVALID -> excluded.add(new Excluded(label(p), ExclusionReason.INVALID, p.judgement().findings().stream()
                        .filter(Finding::blocking).map(Finding::text).collect(Collectors.joining("; "))));
                case UNUSABLE -> excluded.add(new Excluded(label(p), ExclusionReason.NO_RECEIVED_RATE,
                        String.format(Locale.ROOT, "found %s", Rate.RECEIVED.of(p))));
                default -> points.add(new ModelPoint(label(p), p.rates().filters(),
                        p.rates().replicationGrade().measured(), p.rates().received().rate()));
            }
        }
        return points;
    }
}
