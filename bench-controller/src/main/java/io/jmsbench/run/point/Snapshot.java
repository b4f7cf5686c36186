package io.jmsbench.run.point;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessResources;

import java.util.Map;

/**
 * Everything read at one instant of a point: the publisher and subscriber agents' cumulative
 * counters (merged over the agents of each role), the subscribers' latencies since the previous
 * reading, the controller's clock, the broker JVM's and the controller's own CPU time ({@code -1}
 * unknown), the broker's memory and disk traffic so far, this host's CPU ticks and network bytes,
 * and the resources of every agent's host (and of the broker's, from a monitor agent) by agent name.
 */
public record Snapshot(long nanos, Counters publishers, Counters subscribers, LatencyInterval latency,
                       long brokerCpuNanos, long controllerCpuNanos, ProcessResources broker, HostCpu host,
                       long networkBytes, Map<String, HostSample> hosts) {

    public Snapshot {
        hosts = Map.copyOf(hosts);
    }

    static Snapshot of(long nanos, Counters publishers, Counters subscribers, LatencyInterval latency,
                       Gauges.Reading local, Map<String, HostSample> hosts) {
        return new Snapshot(nanos, publishers, subscribers, latency, local.brokerCpuNanos(), local.controllerCpuNanos(),
                local.broker(), local.host(), local.networkBytes(), hosts);
    }
}
