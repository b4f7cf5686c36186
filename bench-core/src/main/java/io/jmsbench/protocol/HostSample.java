package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One reading of a host's resources so far, from /proc (where the agent runs): CPU ticks busy and
 * in total (as system.HostCpu counts them), network bytes in + out over every
 * interface, bytes read from and written to its disks, and memory available now ({@code -1} where
 * the host does not tell). A monitor agent adds the broker's process on its host ({@code
 * brokerProcess}; {@code null} from every other agent, and left out of the JSON).
 */
public record HostSample(long cpuBusyTicks, long cpuTotalTicks, long networkBytes, long diskReadBytes,
                         long diskWriteBytes, long memoryAvailableBytes,
                         @JsonInclude(JsonInclude.Include.NON_NULL) BrokerProcessSample brokerProcess) {

    public static final HostSample UNKNOWN = new HostSample(0, 0, -1, -1, -1, -1);

    public HostSample(long cpuBusyTicks, long cpuTotalTicks, long networkBytes, long diskReadBytes,
                      long diskWriteBytes, long memoryAvailableBytes) {
        this(cpuBusyTicks, cpuTotalTicks, networkBytes, diskReadBytes, diskWriteBytes, memoryAvailableBytes, null);
    }

    public HostSample withBrokerProcess(BrokerProcessSample process) {
        return new HostSample(cpuBusyTicks, cpuTotalTicks, networkBytes, diskReadBytes, diskWriteBytes,
                memoryAvailableBytes, process);
    }

    /** Fraction of the host's cores busy since {@code earlier}; NaN when unknown. */
    public double cpuBusySince(HostSample earlier) {
        long total = cpuTotalTicks - earlier.cpuTotalTicks;
        return total <= 0 ? Double.NaN : Math.max(0, Math.min(1, (double) (cpuBusyTicks - earlier.cpuBusyTicks) / total));
    }
}
