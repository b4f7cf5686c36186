package io.jmsbench.run;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelInputs;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.report.PointResult;

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
        p.parameters().forEach((k, v) -> label.append(label.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return label + (p.repeat() > 1 ? " repeat " + p.repeat() : "");
    }

    /**
     * One fit per compared set, in the sweep's order, for the sets whose points identify the model;
     * empty when the points have no compared set.
     */
    static Map<String, ModelFit> byComparedSet(List<PointResult> results) {
        Map<String, List<PointResult>> bySet = new LinkedHashMap<>();
        for (PointResult p : results) {
            Object set = p.parameters().get(ScenarioPlan.COMPARE);
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
        List<ModelPoint> points = new ArrayList<>();
        List<Excluded> excluded = new ArrayList<>();
        for (PointResult p : results) {
            switch (ModelInputs.use(p.findings(), p.received().rate())) {
                case INVALID -> excluded.add(new Excluded(label(p), ExclusionReason.INVALID, p.findings().stream()
                        .filter(Finding::blocking).map(Finding::text).collect(Collectors.joining("; "))));
                case UNUSABLE -> excluded.add(new Excluded(label(p), ExclusionReason.NO_RECEIVED_RATE,
                        String.format(Locale.ROOT, "found %s", p.received().rate())));
                default -> points.add(new ModelPoint(label(p), p.filters(),
                        p.replicationGrade().measured(), p.received().rate()));
            }
        }
        boolean filtersVary = points.stream().mapToDouble(ModelPoint::filters).distinct().count() > 1;
        boolean gradeVaries = points.stream().mapToDouble(p -> Math.round(p.replicationGrade() * 100)).distinct().count() > 1;
        if (points.size() < MIN_POINTS || !filtersVary || !gradeVaries) {
            return null;
        }
        return CostModel.fit(points).withExcluded(excluded);
    }
}
