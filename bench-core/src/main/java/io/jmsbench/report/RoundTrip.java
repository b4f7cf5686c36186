package io.jmsbench.report;

/**
 * Request/reply over a point: the requests the requesters sent and the replies they received over
 * the whole point (warm-up, window and drain), the requests still {@code unanswered} once the drain
 * and the wait for replies after it ended, and the round-trip latency ({@code latency}, microseconds)
 * of the replies received from the window's start to that end, from each request's stamped send
 * time (the intended one at a fixed rate) to its reply's arrival at the requester.
 */
public record RoundTrip(long requests, long replies, long unanswered, LatencyFigures latency) {

    public static RoundTrip of(long requests, long replies, LatencyFigures latency) {
        return new RoundTrip(requests, replies, Math.max(0, requests - replies), latency);
    }
}
