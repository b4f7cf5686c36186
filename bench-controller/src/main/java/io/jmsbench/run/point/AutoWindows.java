package io.jmsbench.run.point;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.stats.Transient;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * When an auto warm-up and an auto window end, from a point's per-second samples so far: the
 * warm-up once the sent and received rates are past their start-up {@link Transient}, the window
 * once both rates' 95% intervals are within the precision asked. Pure functions of the samples.
 */
final class AutoWindows {

    private AutoWindows() {
    }

    /** The start-up transient of the sent and received rates over these samples (the warm-up's so far). */
    static Transient transientOf(List<IntervalSample> samples) {
        return Transient.of(rates(samples, IntervalSample::sendRate), rates(samples, IntervalSample::receiveRate));
    }

    /**
     * Whether a window of these samples knows both rates within {@code precision} (the interval's
     * half-width over the mean): never before {@link Defaults#MIN_AUTO_MEASURE}, nor while the
     * batch means stay correlated (the interval would be too narrow).
     */
    static boolean precise(List<IntervalSample> window, double precision) {
        if (window.size() < Defaults.MIN_AUTO_MEASURE.toSeconds()) {
            return false;
        }
        return precise(rates(window, IntervalSample::sendRate), precision)
                && precise(rates(window, IntervalSample::receiveRate), precision);
    }

    private static boolean precise(double[] rates, double precision) {
        BatchMeans interval = BatchMeans.of(rates);
        double mean = Arrays.stream(rates).average().orElse(Double.NaN);
        return !interval.correlated() && mean > 0 && interval.halfWidth() <= precision * mean;
    }

    private static double[] rates(List<IntervalSample> samples, ToDoubleFunction<IntervalSample> rate) {
        return samples.stream().mapToDouble(rate).filter(v -> !Double.isNaN(v)).toArray();
    }
}
