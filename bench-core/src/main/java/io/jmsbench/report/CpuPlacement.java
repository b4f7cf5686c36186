package io.jmsbench.report;

import java.util.Map;
import java.util.TreeMap;

/**
 * Where a point's JVMs were held on this host ({@code cpus:}): how the lists came about
 * ({@code auto} or {@code lists}), how they were applied ({@code taskset}), the host's online CPUs,
 * the mask the controller's process had before the point, the CPU list each role was given, and
 * the list the kernel held each process to when the point ended, read from /proc ({@code ""} where
 * /proc did not tell).
 */
public record CpuPlacement(String split, String appliedWith, String onlineCpus, String processMask,
                           Map<String, String> given, Map<String, String> held) {

    public CpuPlacement {
        given = new TreeMap<>(given);
        held = new TreeMap<>(held);
    }
}
