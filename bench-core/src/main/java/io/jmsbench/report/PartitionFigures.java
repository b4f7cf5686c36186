package io.jmsbench.report;

import io.jmsbench.system.CpuList;

/**
 * What ran on one set of this host's CPUs over the measurement window, in cores: its busy share
 * (of its CPUs), the run's own JVMs held to it, the kernel's interrupt and softirq time on it
 * (loopback network receive among them), kernel threads that last ran on it (writeback of the
 * broker's journal among them) and other processes' threads that last ran on it. {@code name}:
 * the roles on it ({@code broker}, {@code publishers}, {@code subscribers}, {@code clients},
 * {@code controller}), or {@code host} for the whole shared host. The parts are measured apart and
 * may overlap: softirq work the kernel does in a thread's context (a loopback receive on the way
 * out of a system call) counts in that thread's time and in the interrupt time.
 */
public record PartitionFigures(String name, String cpus, double busy, double ownCores, double interruptCores,
                               double kernelCores, double foreignCores) {

    /** The number of CPUs in {@code cpus} (a Linux CPU list); 0 when it holds none (no per-CPU figures). */
    public int size() {
        return cpus == null || cpus.isBlank() ? 0 : CpuList.parse(cpus).size();
    }
}
