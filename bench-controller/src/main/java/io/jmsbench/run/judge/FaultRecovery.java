package io.jmsbench.run.judge;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.report.FaultOutcome;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.Faults.FaultEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * How the broker came back from each fault, read off the point's per-second samples: the
 * dispatched rate before the fault, and the end of the first second after it that delivered a
 * message, and of the first back within 10% of that rate ({@link FaultOutcome}). Both are looked
 * for only in the seconds that end before the next fault starts: a second after it shows how the
 * broker came back from that one (NaN: not before the next fault).
 */
final class FaultRecovery {

    /** How many seconds before a fault make its "before". */
    static final int BEFORE_SECONDS = 5;

    private FaultRecovery() {
    }

    static List<FaultOutcome> of(List<FaultEvent> events, List<IntervalSample> samples) {
        return of(events, samples, List.of());
    }

    /** As above, with the clients' reconnections ({@code clients}: every client's final count). */
    static List<FaultOutcome> of(List<FaultEvent> events, List<IntervalSample> samples, List<ClientCount> clients) {
        List<FaultOutcome> outcomes = new ArrayList<>();
        double previousEnd = 0;
        for (int i = 0; i < events.size(); i++) {
            FaultEvent e = events.get(i);
            if (e.error() != null && e.downFor() == 0) {
                outcomes.add(new FaultOutcome(e.action(), e.at(), 0, Double.NaN, Double.NaN, Double.NaN, e.error()));
                continue;
            }
            double end = e.at() + e.downFor();
            double before = rateBefore(samples, e.at(), previousEnd);
            double next = nextStart(events, i);
            long until = i + 1 < events.size() && events.get(i + 1).startedAtMillis() > 0
                    ? events.get(i + 1).startedAtMillis() : Long.MAX_VALUE;
            int reconnected = 0;
            long last = Long.MIN_VALUE;
            for (ClientCount c : clients) {
                long within = e.startedAtMillis() <= 0 ? Long.MIN_VALUE : c.reconnectedAt().stream()
                        .filter(t -> t >= e.startedAtMillis() && t < until).mapToLong(Long::longValue).max()
                        .orElse(Long.MIN_VALUE);
                if (within != Long.MIN_VALUE) {
                    reconnected++;
                    last = Math.max(last, within);
                }
            }
            outcomes.add(new FaultOutcome(e.action(), e.at(), e.downFor(), before,
                    firstAfter(samples, end, next, e.at(), 0), firstAfter(samples, end, next, e.at(),
                    Double.isNaN(before) ? Double.NaN : FaultOutcome.RECOVERED * before), e.error(), reconnected,
                    reconnected == 0 ? Double.NaN : (last - e.startedAtMillis()) / 1e3));
            previousEnd = end;
        }
        return outcomes;
    }

    /**
     * When the fault after {@code events[i]} started, in seconds after the publishers started;
     * infinity for the last. A fault that was not injected (an error, nothing down) disturbed
     * nothing and is passed over, as {@link #rateBefore} passes it over.
     */
    private static double nextStart(List<FaultEvent> events, int i) {
        for (int j = i + 1; j < events.size(); j++) {
            FaultEvent e = events.get(j);
            if (e.error() == null || e.downFor() > 0) {
                return e.at();
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** The mean dispatched rate of the whole seconds within {@link #BEFORE_SECONDS} before {@code at}, after {@code since}. */
    private static double rateBefore(List<IntervalSample> samples, double at, double since) {
        return samples.stream().filter(s -> s.t() <= at && s.t() - 1 >= Math.max(since, at - BEFORE_SECONDS))
                .mapToDouble(IntervalSample::receiveRate).average().orElse(Double.NaN);
    }

    /**
     * Seconds from {@code at} to the end of the first second ending after {@code end}, and no later
     * than {@code until}, whose dispatched rate is above {@code floor} (NaN: none; a NaN floor: never).
     * Samples end on whole seconds of the point's clock and a fault starts at or after its planned
     * second, so the second that ends as the next fault starts still counts.
     */
    private static double firstAfter(List<IntervalSample> samples, double end, double until, double at,
                                     double floor) {
        if (Double.isNaN(floor)) {
            return Double.NaN;
        }
        return samples.stream().filter(s -> s.t() > end && s.t() <= until && s.receiveRate() > floor)
                .mapToDouble(s -> s.t() - at).findFirst().orElse(Double.NaN);
    }
}
