package io.jmsbench.run.loop;

/**
 * One second's reading as the closed loop sees it: {@code seconds} since the publishers started,
 * the publishers' messages and the subscribers' copies so far (cumulative, so the backlog is
 * known exactly), and the second's p99 latency in microseconds (NaN when none was measured).
 */
public record LoopTick(double seconds, long sent, long received, double latencyMicros) {

    /** The copies the subscribers are owed: {@code grade} per message sent, less those they got. */
    double backlog(double grade) {
        return grade * sent - received;
    }
}
