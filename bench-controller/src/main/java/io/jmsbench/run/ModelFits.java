package io.jmsbench.run;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.report.FitPoints;
import io.jmsbench.report.PointResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fits the cost model to a run's usable points ({@link FitPoints}) when the sweep varies both n_fltr
 * and r over at least four points (fewer cannot identify three parameters and a leave-one-out error);
 * {@code null} otherwise, and {@code jmsbench fit} remains for combining several reports. With compared
 * sets (brokers side by side), one fit per set.
 */
final class ModelFits {

    private static final int MIN_POINTS = 4;

    private ModelFits() {
    }

    /**
     * One fit per compared set, in the sweep's order, for the sets whose points identify the model;
     * empty when the points have no compared set.
     */
    static Map<String, ModelFit> byComparedSet(List<PointResult> results) {
        Map<String, ModelFit> fits = new LinkedHashMap<>();
        FitPoints.byComparedSet(results).forEach((set, points) -> {
            ModelFit fit = of(points);
            if (fit != null) {
                fits.put(set, fit);
            }
        });
        return fits;
    }

    static ModelFit of(List<PointResult> results) {
        FitPoints usable = FitPoints.of(results);
        return identifies(usable.points()) ? CostModel.fit(usable.points()).withExcluded(usable.excluded()) : null;
    }

    /**
     * Why no model was fitted where the design would identify one (every measured point taken as if
     * usable): {@code set} is the compared set, {@code null} for the run's one model; {@code null} when a
     * model was fitted, or when the design never identified one.
     */
    static ModelNotFitted notFitted(String set, List<PointResult> results) {
        FitPoints usable = FitPoints.of(results);
        List<ModelPoint> designed = results.stream().filter(p -> p.rates().replicationGrade() != null
                        && p.rates().replicationGrade().expected() >= 0 && Double.isFinite(p.rates().replicationGrade().expected()))
                .map(p -> new ModelPoint("as designed", p.rates().filters(), p.rates().replicationGrade().expected(), 1)).toList();
        if (identifies(usable.points()) || !identifies(designed)) {
            return null;
        }
        return new ModelNotFitted(set, results.size(), usable.used().size(), MIN_POINTS, usable.excluded());
    }

    /** The points whose sets were not fitted though their design would identify a model, per compared set. */
    static List<ModelNotFitted> notFittedByComparedSet(List<PointResult> results) {
        List<ModelNotFitted> out = new ArrayList<>();
        FitPoints.byComparedSet(results).forEach((set, points) -> {
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
}
