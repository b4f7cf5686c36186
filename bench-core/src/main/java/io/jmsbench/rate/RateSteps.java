package io.jmsbench.rate;

import io.jmsbench.protocol.RateStep;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.RateSegment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A scenario's rate profile as protocol steps: each rate divided over {@code clients}, each start rate resolved. */
public final class RateSteps {

    private RateSteps() {
    }

    /** The steps of each of {@code clients} clients (1: the total). */
    public static List<RateStep> of(PublishRate.Profile profile, int clients) {
        List<RateStep> steps = new ArrayList<>();
        double previous = Double.NaN;
        for (RateSegment segment : profile.segments()) {
            long nanos = nanos(segment.length());
            if (segment instanceof RateSegment.Ramp r) {
                steps.add(RateStep.ramp(previous / clients, r.to() / clients, nanos));
            } else if (segment instanceof RateSegment.Burst b) {
                steps.add(RateStep.burst(previous / clients, b.rate() / clients, b.burstLength().toNanos(),
                        b.every().toNanos(), nanos));
            } else {
                steps.add(RateStep.hold(((RateSegment.Hold) segment).rate() / clients, nanos));
            }
            previous = segment.endRate(previous);
        }
        return steps;
    }

    /** The schedule of the total rate, {@code null} for a rate that is no profile. */
    public static SendSchedule totalSchedule(PublishRate rate) {
        return rate instanceof PublishRate.Profile p ? SendSchedule.of(of(p, 1)) : null;
    }

    private static long nanos(Duration length) {
        return length == null ? 0 : length.toNanos();
    }
}
