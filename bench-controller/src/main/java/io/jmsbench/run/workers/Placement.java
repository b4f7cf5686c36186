package io.jmsbench.run.workers;

import io.jmsbench.report.ClockOffset;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;

import java.util.List;
import java.util.Objects;

/**
 * Where a point's broker and clients ran ({@link Layout}), with the CPUs of its layout and the
 * agents' clock offsets. {@code partitions}: the CPUs each role was held to, only on a
 * {@link Layout#PARTITIONED} host; {@code hostCpus}: on a {@link Layout#SHARED_HOST}, the CPUs the
 * run's processes may use ({@code null}: every CPU the host counts), and {@code null} elsewhere;
 * {@code brokerAlone}: the broker's machine is known to run no agent (by their kernels' boot ids).
 */
public record Placement(Layout layout, List<ClockOffset> clocks, CpuPartitions partitions, CpuList hostCpus,
                        boolean brokerAlone) {

    /** The machines' layouts the CPU rules tell apart. */
    public enum Layout {
        /** Not known: the point ended before its clients were placed. */
        UNKNOWN,
        /** Broker, publishers and subscribers on this machine, sharing its CPUs: the CPU rules apply per JVM. */
        SHARED_HOST,
        /** Broker and client roles on disjoint CPUs of this machine: the rules apply per partition. */
        PARTITIONED,
        /** Agents on other machines, some sharing a kernel (with each other or the broker): per JVM, as shared. */
        SHARED_KERNEL,
        /** Each agent and the broker on a machine of its own, no monitor on the broker's. */
        SEPARATE_HOSTS,
        /** Each agent and the broker on a machine of its own, a monitor agent watching the broker's. */
        MONITORED_HOSTS;

        /** A machine of its own for every agent and the broker: the CPU rules apply per host. */
        public boolean separate() {
            return this == SEPARATE_HOSTS || this == MONITORED_HOSTS;
        }
    }

    public static final Placement UNKNOWN = new Placement(Layout.UNKNOWN, List.of(), null, null, false);

    public Placement {
        Objects.requireNonNull(layout, "layout");
        clocks = List.copyOf(clocks);
        if ((partitions != null) != (layout == Layout.PARTITIONED)) {
            throw new IllegalArgumentException("partitions go with a partitioned host, and only with one: " + layout);
        }
        if (hostCpus != null && layout != Layout.SHARED_HOST) {
            throw new IllegalArgumentException("the host's CPUs go with a shared host only: " + layout);
        }
    }

    /** Every role on this host's CPUs {@code hostCpus} ({@code null}: every CPU the host counts). */
    public static Placement sharedHost(List<ClockOffset> clocks, CpuList hostCpus) {
        return new Placement(Layout.SHARED_HOST, clocks, null, hostCpus, false);
    }

    public static Placement partitioned(List<ClockOffset> clocks, CpuPartitions partitions) {
        return new Placement(Layout.PARTITIONED, clocks, Objects.requireNonNull(partitions, "partitions"), null, false);
    }

    /** Agents sharing a machine, the broker maybe one of them. */
    public static Placement sharedKernel(List<ClockOffset> clocks) {
        return sharedKernel(clocks, false);
    }

    /** Agents sharing a machine, the broker's ({@code brokerAlone}) known to run none of them. */
    public static Placement sharedKernel(List<ClockOffset> clocks, boolean brokerAlone) {
        return new Placement(Layout.SHARED_KERNEL, clocks, null, null, brokerAlone);
    }

    public static Placement separateHosts(List<ClockOffset> clocks, boolean brokerHostMonitored) {
        return new Placement(brokerHostMonitored ? Layout.MONITORED_HOSTS : Layout.SEPARATE_HOSTS, clocks, null, null,
                true);
    }
}
