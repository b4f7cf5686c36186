package io.jmsbench.protocol;

/**
 * {@code GET /total}: the messages of every client of the agent so far, summed. A count-bounded
 * window polls this many times a second; {@code /counters} would carry every client and the host.
 */
public record MessageTotal(long messages) {
}
