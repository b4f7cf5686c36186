package io.jmsbench.run;

import io.jmsbench.protocol.Counters;
import io.jmsbench.system.HostCpu;

/**
 * Everything read at one instant of a run: both agents' cumulative counters, the controller's
 * clock, the broker JVM's CPU time so far ({@code -1} unknown) and the host's CPU ticks.
 */
record Snapshot(long nanos, Counters publishers, Counters subscribers, long brokerCpuNanos, HostCpu host) {

    static long cpuNanos(ProcessHandle process) {
        if (process == null) {
            return -1;
        }
        return process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }
}
