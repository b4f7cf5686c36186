package io.jmsbench.run.loop;

/**
 * One second's reading as the closed loop sees it: {@code seconds} since the publishers started,
 * the publishers' messages and the subscribers' copies so far (cumulative, so the backlog is
 * known exactly), each with the time its agents read it on their own monotonic clock (rates are
 * counted on it: the controller reads the two roles some milliseconds apart, which on a busy host
 * varies by tens of milliseconds, several percent of a second), and the second's p99 latency in
 * microseconds (NaN when none was measured).
 */
public record LoopTick(double seconds, long sent, long sentNanos, long received, long receivedNanos,
                       double latencyMicros) {

    /** A reading whose counts were taken at its {@code seconds}, as a test writes one. */
    public LoopTick(double seconds, long sent, long received, double latencyMicros) {
        this(seconds, sent, Math.round(seconds * 1e9), received, Math.round(seconds * 1e9), latencyMicros);
    }

    /** The copies the subscribers are owed: {@code grade} per message sent, less those they got. */
    double backlog(double grade) {
        return grade * sent - received;
    }

    /** Messages sent a second from {@code earlier} to this reading, on the publishers' clock. */
    double sentRate(LoopTick earlier) {
        return (sent - earlier.sent) * 1e9 / (sentNanos - earlier.sentNanos);
    }

    /** Copies received a second from {@code earlier} to this reading, on the subscribers' clock. */
    double receivedRate(LoopTick earlier) {
        return (received - earlier.received) * 1e9 / (receivedNanos - earlier.receivedNanos);
    }
}
