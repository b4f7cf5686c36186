package io.jmsbench.scenario;

import io.jmsbench.text.Durations;
import java.time.Duration;

/**
 * Durations of the timed phases. Warm-up is measured and discarded; the drain ends as soon as the
 * subscribers have everything they should get or go quiet, {@code drain} is only its upper bound.
 * With {@code messages} (0: none) the measurement window ends once the publishers have sent that
 * many messages in it (as 004's tests do), {@code measure} then bounds it in time.
 */
public record Phases(Duration warmup, Duration measure, Duration drain, long messages) {

    public Phases(Duration warmup, Duration measure, Duration drain) {
        this(warmup, measure, drain, Defaults.MEASURE_MESSAGES);
    }
}
