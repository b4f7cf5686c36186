package io.jmsbench.broker.management;

import java.time.Duration;

/**
 * How long a point's end may wait for a broker's statistics to settle, and what is known without
 * waiting: {@code sendsQuiet} when the publishers stopped more than a statistics period before (so
 * the messages-in counter has caught up), {@code drained} when the drain completed (so the
 * deliveries and acknowledgements stop soon; after a drain that timed out, the subscribers are
 * still taking the backlog and those counters keep moving however long one waits).
 */
public record Settling(Duration bound, boolean sendsQuiet, boolean drained) {

    /** After a drain that completed, the wait is at most this long. */
    static final Duration MAX = Duration.ofSeconds(20);

    /** Settle without knowing how the point ended: as long as {@link #MAX}, nothing known at once. */
    public static final Settling UNKNOWN_END = new Settling(MAX, false, true);

    /**
     * For a drain that took {@code drainSeconds} and {@code drained} (completed) or not: after a
     * complete drain, up to {@link #MAX} (measured here on a shared 2-core machine, RabbitMQ's
     * deliveries still moved 11 s after one); after a drain that timed out, no wait at all, as the
     * drain allowed no more time and the deliveries would not settle anyway.
     */
    public static Settling after(double drainSeconds, boolean drained) {
        return new Settling(drained ? MAX : Duration.ZERO, drainSeconds >= RabbitMqManagementApi.SETTLE.toSeconds(),
                drained);
    }
}
