package io.jmsbench.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jmsbench.report.IntervalSample;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A point's per-second samples as columns (one array per field), the shape uPlot draws from, and
 * its phases as spans of {@code t}. Columns keep the data of a long run small: a 10-minute window of
 * the paper's fig. 8 grid is 42 points of about 700 seconds each.
 *
 * @param t          seconds since the publishers started, at each interval's end
 * @param phases     consecutive seconds of one phase ({@code warmup}, {@code measure}, {@code drain})
 * @param cpuPercent each JVM's cores as a percentage of its host's cores, and the host's busy share
 * @param brokerDepth the messages an external broker held, as its management interface said (null: unknown)
 * @param backlog    copies sent and not yet received, from the clients' counts, for a point with late,
 *                   leaving or slow subscribers ({@code null}: not followed)
 * @param target     a rate profile's target send rate per second ({@code null}, and left out, without a profile)
 * @param brokerMemoryMiB the broker process's resident memory per second in MiB ({@code null}: not on this host)
 */
record PointSeries(List<Double> t, List<PhaseSpan> phases, List<Double> received, List<Double> dispatched,
                   CpuSeries cpuPercent, List<Double> latencyP50, List<Double> latencyP99, List<Double> brokerDepth,
                   @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> backlog,
                   @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> target,
                   @JsonInclude(JsonInclude.Include.NON_NULL) List<Double> brokerMemoryMiB) {

    private static final double MIB = 1024.0 * 1024.0;

    /** {@code from} is the start of the span's first interval, {@code to} the end of its last. */
    record PhaseSpan(String phase, double from, double to) {
    }

    record CpuSeries(List<Double> broker, List<Double> publishers, List<Double> subscribers, List<Double> host,
                     Map<String, List<Double>> partitions) {
    }

    /**
     * @param brokerCores     the broker host's cores, to turn the broker's cores used into a share
     * @param publisherCores  the publisher hosts' cores; likewise
     * @param subscriberCores the subscriber hosts' cores; likewise
     */
    static PointSeries of(List<IntervalSample> samples, int brokerCores, int publisherCores, int subscriberCores) {
        List<PhaseSpan> spans = new ArrayList<>();
        double previousEnd = 0;
        for (IntervalSample s : samples) {
            PhaseSpan last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
            if (last != null && last.phase().equals(s.phase())) {
                spans.set(spans.size() - 1, new PhaseSpan(last.phase(), last.from(), s.t()));
            } else {
                spans.add(new PhaseSpan(s.phase(), previousEnd, s.t()));
            }
            previousEnd = s.t();
        }
        return new PointSeries(column(samples, IntervalSample::t, 2), spans,
                column(samples, IntervalSample::sendRate, 0), column(samples, IntervalSample::receiveRate, 0),
                new CpuSeries(percent(samples, IntervalSample::brokerCores, brokerCores),
                        percent(samples, IntervalSample::publisherCores, publisherCores),
                        percent(samples, IntervalSample::subscriberCores, subscriberCores),
                        column(samples, s -> s.hostBusy() * 100, 1), partitions(samples)),
                column(samples, IntervalSample::latencyP50, 0), column(samples, IntervalSample::latencyP99, 0),
                column(samples, s -> s.brokerDepth() == null ? Double.NaN : s.brokerDepth(), 0),
                samples.stream().anyMatch(s -> s.backlog() != null)
                        ? column(samples, s -> s.backlog() == null ? Double.NaN : s.backlog(), 0) : null,
                samples.stream().anyMatch(s -> s.targetSendRate() != null)
                        ? column(samples, s -> s.targetSendRate() == null ? Double.NaN : s.targetSendRate(), 0) : null,
                samples.stream().anyMatch(s -> s.brokerRssBytes() != null)
                        ? column(samples, s -> s.brokerRssBytes() == null ? Double.NaN : s.brokerRssBytes() / MIB, 1)
                        : null);
    }

    /** Each partition's busy share per second, % of its CPUs, in the order the samples name them. */
    private static Map<String, List<Double>> partitions(List<IntervalSample> samples) {
        Map<String, List<Double>> out = new LinkedHashMap<>();
        samples.forEach(s -> s.partitionBusy().keySet().forEach(name -> out.putIfAbsent(name, null)));
        out.replaceAll((name, none) -> column(samples, s -> s.partitionBusy().getOrDefault(name, Double.NaN) * 100,
                1));
        return out;
    }

    private static List<Double> column(List<IntervalSample> samples, ToDoubleFunction<IntervalSample> field,
                                       int decimals) {
        List<Double> out = new ArrayList<>(samples.size());
        for (IntervalSample s : samples) {
            out.add(Numbers.of(field.applyAsDouble(s), decimals));
        }
        return out;
    }

    private static List<Double> percent(List<IntervalSample> samples, ToDoubleFunction<IntervalSample> cores,
                                        int hostCores) {
        return column(samples, s -> hostCores > 0 ? cores.applyAsDouble(s) * 100 / hostCores : Double.NaN, 1);
    }
}
