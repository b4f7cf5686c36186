package io.jmsbench.run;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.NetworkBytes;
import io.jmsbench.system.ProcessResources;

import java.util.Map;

/**
 * Everything read at one instant of a run: the publisher and subscriber agents' cumulative
 * counters (merged over the agents of each role), the subscribers' latencies since the previous
 * reading, the controller's clock, the broker JVM's and the controller's own CPU time ({@code -1}
 * unknown), the broker's memory and disk
 * traffic so far, this host's CPU ticks and network bytes, and the resources of every agent's host
 * (and of the broker's, from a monitor agent) by agent name.
 */
record Snapshot(long nanos, Counters publishers, Counters subscribers, LatencyInterval latency, long brokerCpuNanos,
                long controllerCpuNanos, ProcessResources broker, HostCpu host, long networkBytes,
                Map<String, HostSample> hosts) {

    Snapshot {
        hosts = Map.copyOf(hosts);
    }

    static Snapshot take(Counters publishers, Counters subscribers, LatencyInterval latency,
                         ProcessHandle brokerProcess, Map<String, HostSample> hosts) {
        return new Snapshot(System.nanoTime(), publishers, subscribers, latency, cpuNanos(brokerProcess),
                cpuNanos(ProcessHandle.current()),
                brokerProcess == null ? ProcessResources.UNKNOWN : ProcessResources.read(brokerProcess.pid()),
                HostCpu.read(), NetworkBytes.read(), hosts);
    }

    private static long cpuNanos(ProcessHandle process) {
        if (process == null) {
            return -1;
        }
        return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }
}
