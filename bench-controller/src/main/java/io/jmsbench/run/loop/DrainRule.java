package io.jmsbench.run.loop;

import java.util.List;

/**
 * When the publishers, nearly stopped after a step or a hold that did not keep up, may go on: once
 * the backlog is back to where it was when that step started (within a margin), or once for two
 * seconds the subscribers got no more than was sent: what is left then is copies the broker dropped
 * (a non-persistent topic's slow consumer), not a backlog. No step, hold or window starts on a backlog.
 */
final class DrainRule {

    private DrainRule() {
    }

    /**
     * {@code ticks}: the readings since the drain began; {@code baseline}: the backlog when the failed
     * step started; {@code margin}: copies within which it counts as back; {@code floorPerSecond}: the
     * backlog slope below which nothing is read into it.
     */
    static boolean drained(List<LoopTick> ticks, double grade, double baseline, double margin, double floorPerSecond) {
        return ticks.get(ticks.size() - 1).backlog(grade) <= baseline + margin || caughtUp(ticks, grade, floorPerSecond);
    }

    /** Whether in each of the last two seconds the subscribers got no more than the copies sent, within the floor. */
    private static boolean caughtUp(List<LoopTick> ticks, double grade, double floorPerSecond) {
        int n = ticks.size();
        if (n < 4) {
            return false; // the first second after the pause still carries the failed step's sends
        }
        for (int i = n - 2; i < n; i++) {
            LoopTick t = ticks.get(i);
            LoopTick before = ticks.get(i - 1);
            if (t.receivedRate(before) - grade * t.sentRate(before) > floorPerSecond / 2) {
                return false;
            }
        }
        return true;
    }
}
