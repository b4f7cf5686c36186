package io.jmsbench.report;

/**
 * One publisher group's part of a point: its {@code name}, {@code clients} and the rate asked of it
 * ({@code asked}: max, a number or a profile's text), and what its clients sent over the window:
 * {@code messages} at {@code rate} msgs/s (NaN when the window never completed), of
 * {@code size} payload bytes each on average, {@code payloadRate} payload bytes/s.
 */
public record GroupRate(String name, int clients, String asked, long messages, double rate, int size,
                        double payloadRate) {
}
