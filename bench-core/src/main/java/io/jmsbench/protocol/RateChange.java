package io.jmsbench.protocol;

/**
 * {@code POST /rate}: from now, each publisher client of the agent sends {@code ratePerClient}
 * msgs/s (a closed loop's total rate split over every publisher client, as a fixed rate is).
 */
public record RateChange(double ratePerClient) {
}
