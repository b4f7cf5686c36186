package io.jmsbench.report;

import io.jmsbench.system.CpuList;

import java.util.List;

/**
 * What ran on one set of this host's CPUs over the measurement window, in cores: its busy share
 * (of its CPUs), the run's own JVMs held to it, the kernel's interrupt and softirq time on it
 * (loopback network receive among them), kernel threads that last ran on it (writeback of the
 * broker's journal among them) and other processes' threads that last ran on it. {@code name}:
 * the roles on it ({@code broker}, {@code publishers}, {@code subscribers}, {@code clients},
 * {@code controller}), or {@code host} for the whole shared host. The parts are measured apart and
 * may overlap: softirq work the kernel does in a thread's context (a loopback receive on the way
 * out of a system call) counts in that thread's time and in the interrupt time.
 *
 * <p>What the parts leave of its busy time is {@code unexplainedCores}: processes that started and
 * ended between two readings (a build's compilers, a cron job, a shell loop's children), which the
 * census of live threads never sees. With a cgroup of the run's own ({@code accounting} {@code
 * cgroup}), the run's processes on it are counted per CPU exited ones included ({@code runCores}),
 * and every task's time comes from the cgroup root, so the rest is everyone else's; with {@code
 * proc}, it is the busy time less the run's JVMs, interrupts, kernel threads and other processes.
 * Other processes and the unexplained rest together are the foreign load.
 */
public record PartitionFigures(String name, String cpus, double busy, double ownCores, double interruptCores,
                               double kernelCores, double foreignCores, double unexplainedCores, double runCores,
                               List<String> otherProcesses, String accounting) {

    public PartitionFigures {
        otherProcesses = otherProcesses == null ? List.of() : List.copyOf(otherProcesses); // reports before them
    }

    public PartitionFigures(String name, String cpus, double busy, double ownCores, double interruptCores,
                            double kernelCores, double foreignCores) {
        this(name, cpus, busy, ownCores, interruptCores, kernelCores, foreignCores, 0, Double.NaN, List.of(), null);
    }

    /** The number of CPUs in {@code cpus} (a Linux CPU list); 0 when it holds none (no per-CPU figures). */
    public int size() {
        return cpus == null || cpus.isBlank() ? 0 : CpuList.parse(cpus).size();
    }

    /** Cores not the run's: other processes' and the unexplained rest; NaN when neither is known. */
    public double foreignLoad() {
        if (Double.isNaN(foreignCores) && Double.isNaN(unexplainedCores)) {
            return Double.NaN;
        }
        return (Double.isNaN(foreignCores) ? 0 : foreignCores) + (Double.isNaN(unexplainedCores) ? 0 : unexplainedCores);
    }
}
