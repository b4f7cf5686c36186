package io.jmsbench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A fault a point injects while its publishers run: {@code action} at {@code at} after they
 * start, then every {@code every}, {@code times} in all, each lasting {@code downFor}. {@code link}:
 * the network link a {@link FaultAction#PARTITION} takes down, {@code null} for the other actions.
 */
public record FaultSpec(FaultAction action, Duration at, Duration every, int times, Duration downFor, String link) {

    /** A fault of the broker's process. */
    public FaultSpec(FaultAction action, Duration at, Duration every, int times, Duration downFor) {
        this(action, at, every, times, downFor, null);
    }

    /** When each of its faults starts, from the publishers' start. */
    public List<Duration> starts() {
        List<Duration> starts = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            starts.add(at.plus(every.multipliedBy(i)));
        }
        return starts;
    }
}
