package io.jmsbench.regression;

import java.util.List;
import java.util.Map;

/** One point found in both runs (matched by its parameters): each side, and every metric's change. */
public record PointComparison(String label, Map<String, Object> parameters, PointSide base, PointSide next,
                              List<MetricChange> changes) {

    public PointComparison {
        changes = List.copyOf(changes);
    }

    /** The metrics that fail the gate: worse beyond both their threshold and the noise. */
    public List<MetricChange> failures() {
        return changes.stream().filter(MetricChange::failsGate).toList();
    }

    /** The metrics slower beyond their threshold on a side measured beside other work: to be measured again. */
    public List<MetricChange> inconclusive() {
        return changes.stream().filter(MetricChange::inconclusive).toList();
    }

    /** Whether both sides are valid: otherwise a change may be the harness's or the host's, not the broker's. */
    public boolean bothValid() {
        return base.valid() && next.valid();
    }
}
