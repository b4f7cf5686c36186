package io.jmsbench.run.point;

import io.jmsbench.report.ClosedLoop;
import io.jmsbench.report.WarmupEnd;

/**
 * The warm-up, done: how it ended, how long the publishers had run by then, where MSER-5 put the
 * end of the start-up transient (NaN where nothing looked), and the reading it ended with, taken
 * for the tick {@code endTick} of the point's clock: the window starts there. For
 * {@code rate: sustainable}, {@code loop} is what its closed loop found ({@code null} otherwise).
 */
public record Warmup(WarmupEnd end, double seconds, double transientSeconds, Snapshot last, long endTick,
                     String publishStartedAt, ClosedLoop loop) {

    /** A warm-up without a closed loop. */
    public Warmup(WarmupEnd end, double seconds, double transientSeconds, Snapshot last, long endTick,
                  String publishStartedAt) {
        this(end, seconds, transientSeconds, last, endTick, publishStartedAt, null);
    }
}
