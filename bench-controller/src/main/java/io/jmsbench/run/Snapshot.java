package io.jmsbench.run;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.NetworkBytes;
import io.jmsbench.system.ProcessResources;

/**
 * Everything read at one instant of a run: both agents' cumulative counters, the subscribers'
 * latencies since the previous reading, the controller's
 * clock, the broker JVM's CPU time ({@code -1} unknown), memory and disk traffic so far, and the
 * host's CPU ticks and network bytes.
 */
record Snapshot(long nanos, Counters publishers, Counters subscribers, LatencyInterval latency, long brokerCpuNanos,
                ProcessResources broker, HostCpu host, long networkBytes) {

    static Snapshot take(Counters publishers, Counters subscribers, LatencyInterval latency,
                         ProcessHandle brokerProcess) {
        return new Snapshot(System.nanoTime(), publishers, subscribers, latency, cpuNanos(brokerProcess),
                brokerProcess == null ? ProcessResources.UNKNOWN : ProcessResources.read(brokerProcess.pid()),
                HostCpu.read(), NetworkBytes.read());
    }

    private static long cpuNanos(ProcessHandle process) {
        if (process == null) {
            return -1;
        }
        return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }
}
