package io.jmsbench.scenario;

import java.time.Duration;

/**
 * Durations of the timed phases. Warm-up is measured and discarded; the drain ends as soon as the
 * subscribers have everything they should get or go quiet, {@code drain} is only its upper bound.
 */
public record Phases(Duration warmup, Duration measure, Duration drain) {
}
