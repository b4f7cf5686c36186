package io.jmsbench.metrics;

import java.time.Instant;

/**
 * Wall-clock time in nanoseconds since the epoch, for latency across JVMs: each JVM reads
 * {@code Instant.now()} (microsecond resolution on Linux) once and advances it with
 * {@code System.nanoTime()}, so a reading costs no allocation and never steps backwards. JVMs on
 * one host agree to within a few microseconds; across hosts the controller's offset estimate applies.
 */
public final class EpochClock {

    private static final long BASE_NANO = System.nanoTime();
    private static final long BASE_EPOCH_NANOS;

    static {
        Instant now = Instant.now();
        BASE_EPOCH_NANOS = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    private EpochClock() {
    }

    public static long nanos() {
        return BASE_EPOCH_NANOS + (System.nanoTime() - BASE_NANO);
    }

    /** The epoch nanos that {@code System.nanoTime()} value {@code nano} of this JVM stands for. */
    public static long fromNanoTime(long nano) {
        return BASE_EPOCH_NANOS + (nano - BASE_NANO);
    }
}
