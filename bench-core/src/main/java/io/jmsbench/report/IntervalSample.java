package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One interval (about a second) of a run: {@code t} is seconds since the publishers started, at the
 * interval's end; counts and rates are over the interval; CPU in cores used; end-to-end latency of
 * the messages received in the interval in microseconds ({@code NaN} unknown or none);
 * {@code backlog} is the messages sent and not yet received at its end, from the clients' counts, for a
 * point with late, leaving or slow subscribers ({@code null} and left out of the JSON otherwise);
 * {@code targetSendRate} is a rate profile's mean target over the interval in msgs/s ({@code null}
 * and left out of the JSON when the rate does not change); {@code brokerRssBytes} the broker
 * process's resident memory at its end ({@code null}: its process is not on this host).
 */
public record IntervalSample(double t, String phase, long sent, double sendRate, long received,
                             double receiveRate, double brokerCores, double publisherCores,
                             double subscriberCores, double hostBusy, double latencyP50, double latencyP90,
                             double latencyP99, double latencyP999, double latencyP9999, double latencyMax,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Double> partitionBusy,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Long brokerDepth,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Long backlog,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Double targetSendRate,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Long brokerRssBytes) {

    public IntervalSample {
        partitionBusy = partitionBusy == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(
                partitionBusy));
    }

    public IntervalSample(double t, String phase, long sent, double sendRate, long received, double receiveRate,
                          double brokerCores, double publisherCores, double subscriberCores, double hostBusy,
                          double latencyP50, double latencyP90, double latencyP99, double latencyP999,
                          double latencyP9999, double latencyMax, Map<String, Double> partitionBusy,
                          Long brokerDepth) {
        this(t, phase, sent, sendRate, received, receiveRate, brokerCores, publisherCores, subscriberCores, hostBusy,
                latencyP50, latencyP90, latencyP99, latencyP999, latencyP9999, latencyMax, partitionBusy, brokerDepth,
                null, null, null);
    }

    /** This sample with the backlog at its end. */
    public IntervalSample withBacklog(long messages) {
        return new IntervalSample(t, phase, sent, sendRate, received, receiveRate, brokerCores, publisherCores,
                subscriberCores, hostBusy, latencyP50, latencyP90, latencyP99, latencyP999, latencyP9999, latencyMax,
                partitionBusy, brokerDepth, messages, targetSendRate, brokerRssBytes);
    }

    /** This sample with a rate profile's mean target over its interval. */
    public IntervalSample withTargetSendRate(Double target) {
        return new IntervalSample(t, phase, sent, sendRate, received, receiveRate, brokerCores, publisherCores,
                subscriberCores, hostBusy, latencyP50, latencyP90, latencyP99, latencyP999, latencyP9999, latencyMax,
                partitionBusy, brokerDepth, backlog, target, brokerRssBytes);
    }

    public IntervalSample(double t, String phase, long sent, double sendRate, long received, double receiveRate,
                          double brokerCores, double publisherCores, double subscriberCores, double hostBusy,
                          double latencyP50, double latencyP90, double latencyP99, double latencyP999,
                          double latencyP9999, double latencyMax) {
        this(t, phase, sent, sendRate, received, receiveRate, brokerCores, publisherCores, subscriberCores, hostBusy,
                latencyP50, latencyP90, latencyP99, latencyP999, latencyP9999, latencyMax, Map.of(), null);
    }

    public IntervalSample(double t, String phase, long sent, double sendRate, long received, double receiveRate,
                          double brokerCores, double publisherCores, double subscriberCores, double hostBusy) {
        this(t, phase, sent, sendRate, received, receiveRate, brokerCores, publisherCores, subscriberCores, hostBusy,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Map.of(), null);
    }
}
