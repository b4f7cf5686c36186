package io.jmsbench.scenario;

import java.time.Duration;

/**
 * Durations of the timed phases. Warm-up is measured and discarded; the drain ends as soon as the
 * subscribers have everything they should get or go quiet, {@code drain} is only its upper bound.
 * With {@code messages} (0: none) the measurement window ends once the publishers have sent that
 * many messages in it (as 004's tests do), {@code measure} then bounds it in time.
 *
 * <p>{@code warmupAuto}: the warm-up ends once the rates are steady (MSER-5), {@code warmup} is then
 * its upper bound ({@code maxWarmup}). {@code measureAuto}: the window ends once the received and
 * dispatched rates are known within {@code precision} (the 95% interval's half-width over the mean),
 * {@code measure} is then its upper bound ({@code maxMeasure}).
 */
public record Phases(Duration warmup, Duration measure, Duration drain, long messages, boolean warmupAuto,
                     boolean measureAuto, double precision) {

    public Phases(Duration warmup, Duration measure, Duration drain, long messages) {
        this(warmup, measure, drain, messages, false, false, Defaults.PRECISION);
    }

    public Phases(Duration warmup, Duration measure, Duration drain) {
        this(warmup, measure, drain, Defaults.MEASURE_MESSAGES);
    }
}
