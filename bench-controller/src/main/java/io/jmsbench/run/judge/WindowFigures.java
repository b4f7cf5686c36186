package io.jmsbench.run.judge;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PartitionFigures;
import io.jmsbench.report.PointResult.AgentFootprint;
import io.jmsbench.report.PointResult.BrokerResources;
import io.jmsbench.report.PointResult.ClientSpread;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.run.point.Deltas;
import io.jmsbench.run.point.Phase;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.point.Snapshot;
import io.jmsbench.run.workers.Placement;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The measurement window's figures, computed from its two edge readings: rates, CPU, the broker's
 * footprint, the agents' and the spread over clients; and each rate's 95% interval by batch
 * means over the window's per-second samples. Where the window never completed, every
 * figure is unknown.
 */
public record WindowFigures(RateFigure received, RateFigure dispatched, CpuFigures cpu, BrokerResources broker,
                            AgentFootprint agents, ClientSpread spread, BatchMeans receivedInterval,
                            BatchMeans dispatchedInterval) {

    public static WindowFigures of(PointObservation o, int hostCores) {
        if (!o.windowComplete()) {
            return new WindowFigures(new RateFigure(0, Double.NaN, 0), new RateFigure(0, Double.NaN, 0),
                    new CpuFigures(hostCores, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                            List.of()),
                    new BrokerResources(-1, -1, -1, -1), new AgentFootprint(o.readySeconds(), -1, -1, -1, -1),
                    new ClientSpread(Double.NaN, Double.NaN, Double.NaN, Double.NaN), BatchMeans.NONE, BatchMeans.NONE);
        }
        Snapshot start = o.windowStart();
        Snapshot end = o.windowEnd();
        long wall = end.nanos() - start.nanos();
        double brokerCores = Deltas.cores(start.brokerCpuNanos(), end.brokerCpuNanos(), wall);
        double publisherCores = Deltas.agentCores(start.publishers(), end.publishers());
        double subscriberCores = Deltas.agentCores(start.subscribers(), end.subscribers());
        double controllerCores = Deltas.cores(start.controllerCpuNanos(), end.controllerCpuNanos(), wall);
        Placement.Layout layout = o.placement().layout();
        CpuFigures cpu = layout.separate()
                ? new CpuFigures(hostCores, brokerCores, publisherCores, subscriberCores,
                        hostBusy(o, Workers.BROKER_HOST), Double.NaN, controllerCores, List.of())
                : new CpuFigures(hostCores, brokerCores, publisherCores, subscriberCores,
                        end.host().utilisationSince(start.host()),
                        brokerCores / (brokerCores + publisherCores + subscriberCores), controllerCores,
                        layout != Placement.Layout.SHARED_HOST && layout != Placement.Layout.PARTITIONED ? List.of()
                                : partitions(o, new double[] {brokerCores, publisherCores, subscriberCores,
                                        controllerCores}, wall / 1e9));
        double[] pub = clientRates(start.publishers(), end.publishers());
        double[] sub = clientRates(start.subscribers(), end.subscribers());
        BatchMeans sentInterval = BatchMeans.of(windowRates(o, IntervalSample::sendRate));
        BatchMeans receivedInterval = BatchMeans.of(windowRates(o, IntervalSample::receiveRate));
        return new WindowFigures(Deltas.rate(start.publishers(), end.publishers()).withCi95(sentInterval.halfWidth()),
                Deltas.rate(start.subscribers(), end.subscribers()).withCi95(receivedInterval.halfWidth()), cpu,
                new BrokerResources(end.broker().rssBytes(), Deltas.bytes(start.broker().readBytes(),
                        end.broker().readBytes()), Deltas.bytes(start.broker().writeBytes(), end.broker().writeBytes()),
                        Deltas.bytes(start.networkBytes(), end.networkBytes())),
                new AgentFootprint(o.readySeconds(), end.publishers().heapUsedBytes(), end.publishers().threads(),
                        end.subscribers().heapUsedBytes(), end.subscribers().threads()),
                new ClientSpread(pub[0], pub[1], sub[0], sub[1]), sentInterval, receivedInterval);
    }

    /**
     * What ran on each partition of this host's CPUs, or on the whole host as one when the roles
     * share it; {@code own}: the broker's, publishers', subscribers' and controller's cores.
     */
    static List<PartitionFigures> partitions(PointObservation o, double[] own, double seconds) {
        Snapshot start = o.windowStart();
        Snapshot end = o.windowEnd();
        // an external broker of this host is measured from /proc, but is not in the run's cgroup
        double[] outside = {externalBroker(o) && !Double.isNaN(own[0]) ? own[0] : 0, 0, 0, 0};
        CpuPartitions partitions = o.placement().partitions();
        List<PartitionFigures> figures = new ArrayList<>();
        if (o.placement().layout() == Placement.Layout.SHARED_HOST) {
            CpuList host = o.placement().hostCpus() == null ? end.host().cpuList()
                    : end.host().cpuList().intersect(o.placement().hostCpus());
            figures.add(PartitionAccount.of("host", host, sum(own), outside[0], start, end, seconds));
            return figures;
        }
        List<CpuList> roles = List.of(partitions.broker(), partitions.publishers(), partitions.subscribers(),
                partitions.controller());
        for (CpuPartitions.Partition p : partitions.partitions()) {
            double ownCores = 0;
            double outsideCores = 0;
            for (int i = 0; i < roles.size(); i++) {
                if (roles.get(i).equals(p.cpus()) && !Double.isNaN(own[i])) {
                    ownCores += own[i];
                    outsideCores += outside[i];
                }
            }
            figures.add(PartitionAccount.of(p.name(), p.cpus(), ownCores, outsideCores, start, end, seconds));
        }
        return figures;
    }

    private static boolean externalBroker(PointObservation o) {
        return o.environment() != null && o.environment().broker() != null && o.environment().broker().kind() != null
                && o.environment().broker().kind().startsWith("external");
    }

    private static double sum(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += Double.isNaN(v) ? 0 : v;
        }
        return sum;
    }

    /** The window's per-second rates, in order: its samples of the measure phase. */
    private static double[] windowRates(PointObservation o, ToDoubleFunction<IntervalSample> rate) {
        return windowSamples(o).stream().mapToDouble(rate).filter(v -> !Double.isNaN(v)).toArray();
    }

    /** The window's per-second samples, in order. */
    static List<IntervalSample> windowSamples(PointObservation o) {
        return o.samples().stream().filter(x -> Phase.MEASURE.sampleName().equals(x.phase())).toList();
    }

    /** The busy share of a host over the window, by its key in the snapshots' hosts; NaN unknown. */
    static double hostBusy(PointObservation o, String key) {
        HostSample from = o.windowStart().hosts().get(key);
        HostSample to = o.windowEnd().hosts().get(key);
        return from == null || to == null ? Double.NaN : to.cpuBusySince(from);
    }

    private static double[] clientRates(Counters start, Counters end) {
        Map<String, Long> before = new HashMap<>();
        for (ClientCount c : start.clients()) {
            before.put(c.client(), c.messages());
        }
        double seconds = (end.monotonicNanos() - start.monotonicNanos()) / 1e9;
        double min = Double.NaN;
        double max = Double.NaN;
        for (ClientCount c : end.clients()) {
            // a sum over many clients (publishers sharing connections) gives its clients' mean
            double rate = (c.messages() - before.getOrDefault(c.client(), 0L)) / seconds / c.clientCount();
            min = Double.isNaN(min) ? rate : Math.min(min, rate);
            max = Double.isNaN(max) ? rate : Math.max(max, rate);
        }
        return new double[] {min, max};
    }
}
