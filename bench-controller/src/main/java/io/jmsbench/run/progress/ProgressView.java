package io.jmsbench.run.progress;

import io.jmsbench.report.IntervalSample;

/**
 * What a run tells the person watching it, point by point. Called by the run's own thread: a
 * point starts, its samples arrive once a second, it ends (also when it failed or was aborted).
 */
public interface ProgressView {

    ProgressView NONE = new ProgressView() {
        @Override
        public void pointStarting(PointTicket ticket) {
        }

        @Override
        public void sample(IntervalSample sample) {
        }

        @Override
        public void pointEnded() {
        }
    };

    void pointStarting(PointTicket ticket);

    void sample(IntervalSample sample);

    void pointEnded();
}
