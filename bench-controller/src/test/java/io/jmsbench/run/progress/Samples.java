package io.jmsbench.run.progress;

import io.jmsbench.report.IntervalSample;

/** Samples as a point's driver takes them: one a second, each named by its phase. */
final class Samples {

    private Samples() {
    }

    static IntervalSample at(double t, String phase, double received, double dispatched) {
        return new IntervalSample(t, phase, (long) received, received, (long) dispatched, dispatched, 1.25, 0.3, 0.4,
                0.97);
    }
}
