package io.jmsbench.run.point;

import io.jmsbench.protocol.Counters;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.run.workers.Placement;

import java.util.List;

/**
 * What a point gathered whatever ended it: the publishers' and subscribers' final counts
 * ({@code null} where they could not be read), when the publishers started and stopped, every per-second
 * sample in order, the faults injected, where the clients ran and the point's own environment.
 */
public record Collected(Counters publishersFinal, Counters subscribersFinal, String publishStartedAt,
                        String publishStoppedAt, List<IntervalSample> samples, List<Faults.FaultEvent> faults, Placement placement,
                        PointEnvironment environment) {

    public Collected {
        samples = List.copyOf(samples);
        faults = List.copyOf(faults);
    }

    Collected withEnvironment(PointEnvironment other) {
        return new Collected(publishersFinal, subscribersFinal, publishStartedAt, publishStoppedAt, samples, faults,
                placement, other);
    }

    /** A point that ended before its driver ran: only its environment is known. */
    static Collected nothing(PointEnvironment environment) {
        return new Collected(null, null, null, null, List.of(), List.of(), null, environment);
    }
}
