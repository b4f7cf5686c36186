package io.jmsbench.report;

/**
 * One interval (about a second) of a run: {@code t} is seconds since the publishers started, at the
 * interval's end; counts and rates are over the interval; CPU in cores used ({@code NaN} unknown).
 */
public record IntervalSample(double t, String phase, long sent, double sendRate, long received,
                             double receiveRate, double brokerCores, double publisherCores,
                             double subscriberCores, double hostBusy) {
}
