package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * How a point's backlog (copies sent and not yet received, from the clients' counts at each 1 s
 * sample) built up and drained, for a point with late, leaving or slow subscribers. Times are
 * seconds after the publishers started, read off the 1 s samples, so each is late by up to a second.
 *
 * <p>{@code peak} messages at {@code peakAt}; {@code joinedAt}: when the last late group connected
 * (0 without one); {@code drainedAt}: the first sample from the peak on whose backlog is at most
 * {@code tolerance} (the larger of 1% of the peak and a tenth of a second of the publishers' mean
 * rate: messages in flight, and the publishers' and subscribers' counts read a moment apart), or the
 * drain's end when the drain completed between two samples; NaN when it never drained.
 * {@code drainSeconds}: from {@code joinedAt} to {@code drainedAt}; {@code drainRate}: how fast the
 * backlog fell from the peak to {@code drainedAt}, msgs/s (NaN when both are one sample), a lower
 * bound when the drain took less than a second or two. A backlog never above {@code tolerance}
 * ({@link #none}) drained when the consumers joined.
 * {@code brokerPeak}, {@code brokerPeakAt}: the broker's own depth at its highest, where the samples
 * have it ({@code null} otherwise).
 */
public record BacklogFigures(long peak, double peakAt, double joinedAt, double drainedAt, double drainSeconds,
                             double drainRate, long tolerance,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Long brokerPeak,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double brokerPeakAt) {

    /** A tenth of a second of the publishers' rate counts as drained. */
    static final double TOLERANCE_SECONDS = 0.1;
    static final double TOLERANCE_SHARE = 0.01;

    public boolean drained() {
        return !Double.isNaN(drainedAt);
    }

    /**
     * The figures of {@code samples} ({@code null} when none follows the backlog); {@code drainEndsAt}:
     * when the drain completed, seconds after the publishers started (NaN when it did not).
     */
    public static BacklogFigures of(List<IntervalSample> samples, double joinedAt, double drainEndsAt) {
        List<IntervalSample> series = samples.stream().filter(s -> s.backlog() != null).toList();
        if (series.isEmpty()) {
            return null;
        }
        IntervalSample top = series.get(0);
        for (IntervalSample s : series) {
            if (s.backlog() > top.backlog()) {
                top = s;
            }
        }
        double meanRate = series.stream().filter(s -> !"drain".equals(s.phase())).mapToDouble(IntervalSample::sendRate)
                .filter(r -> !Double.isNaN(r)).average().orElse(0);
        long tolerance = Math.max(1, Math.max(Math.round(TOLERANCE_SHARE * top.backlog()),
                Math.round(TOLERANCE_SECONDS * meanRate)));
        if (top.backlog() <= tolerance) {
            return new BacklogFigures(top.backlog(), top.t(), joinedAt, joinedAt, 0, Double.NaN, tolerance,
                    brokerPeak(samples), brokerPeakAt(samples));
        }
        double drainedAt = Double.NaN;
        long left = 0;
        for (IntervalSample s : series) {
            if (s.t() >= top.t() && s.backlog() <= tolerance) {
                drainedAt = s.t();
                left = s.backlog();
                break;
            }
        }
        if (Double.isNaN(drainedAt) && !Double.isNaN(drainEndsAt)) {
            drainedAt = drainEndsAt;
        }
        double drainRate = drainedAt > top.t() ? (top.backlog() - left) / (drainedAt - top.t()) : Double.NaN;
        return new BacklogFigures(top.backlog(), top.t(), joinedAt, drainedAt, drainedAt - joinedAt, drainRate,
                tolerance, brokerPeak(samples), brokerPeakAt(samples));
    }

    /** Whether the backlog never rose above what is in flight: nothing built up to drain. */
    public boolean none() {
        return peak <= tolerance;
    }

    private static IntervalSample brokerTop(List<IntervalSample> samples) {
        IntervalSample top = null;
        for (IntervalSample s : samples) {
            if (s.brokerDepth() != null && (top == null || s.brokerDepth() > top.brokerDepth())) {
                top = s;
            }
        }
        return top;
    }

    private static Long brokerPeak(List<IntervalSample> samples) {
        IntervalSample top = brokerTop(samples);
        return top == null ? null : top.brokerDepth();
    }

    private static Double brokerPeakAt(List<IntervalSample> samples) {
        IntervalSample top = brokerTop(samples);
        return top == null ? null : top.t();
    }
}
