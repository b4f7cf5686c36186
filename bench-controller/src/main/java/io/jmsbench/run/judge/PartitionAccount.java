package io.jmsbench.run.judge;

import io.jmsbench.report.PartitionFigures;
import io.jmsbench.run.point.Snapshot;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.ProcessCensus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every CPU second of one partition (or of the shared host) over the window, the run's or not:
 * the run's JVMs, interrupts and kernel threads (the work the kernel does for the run, by the rule
 * {@link CpuRules#foreignLoad} states), the other processes the census saw live, and what none of
 * them explains. Where the run has a cgroup of its own, its time on the partition's CPUs and every
 * task's come from cgroup v1's cpuacct, exited processes included; elsewhere from /proc: the
 * partition's busy time less the parts.
 */
final class PartitionAccount {

    static final String CGROUP = "cgroup";
    static final String PROC = "proc";
    /** Names listed per partition, the busiest first; below this many cores a process is not named. */
    private static final int NAMES = 5;
    private static final double NAMED_FROM = 0.005;

    private PartitionAccount() {
    }

    /**
     * {@code own}: the cores of the run's JVMs held to it, by /proc; {@code outsideGroup}: those of
     * them that are not in the run's cgroup (an external broker of this host).
     */
    static PartitionFigures of(String name, CpuList cpus, double own, double outsideGroup, Snapshot start, Snapshot end,
                               double seconds) {
        double[] busy = end.host().coresSince(start.host(), cpus, seconds);
        ProcessCensus.Foreign census = end.census().foreignSince(start.census(), cpus, seconds);
        double[] group = end.local().cgroup().coresSince(start.local().cgroup(), cpus, seconds);
        boolean cgroup = !Double.isNaN(group[0]);
        double run = cgroup ? group[0] + outsideGroup : Double.NaN;
        double unexplained = cgroup
                ? rest(group[1], run, census.kernelCores(), census.userCores())
                : rest(busy[0], own, busy[1], census.kernelCores(), census.userCores());
        return new PartitionFigures(name, cpus.toString(), busy[0] / cpus.size(), own, busy[1], census.kernelCores(),
                census.userCores(), unexplained, run, named(census.byName()), cgroup ? CGROUP : PROC);
    }

    /** {@code total} less {@code parts}, never below 0; NaN when any is unknown. */
    static double rest(double total, double... parts) {
        double rest = total;
        for (double p : parts) {
            rest -= p;
        }
        return Double.isNaN(rest) ? Double.NaN : Math.max(0, rest);
    }

    /** The other processes seen, the busiest first: "bash 0.05". */
    static List<String> named(Map<String, Double> byName) {
        List<String> names = new ArrayList<>();
        byName.entrySet().stream().filter(e -> e.getValue() >= NAMED_FROM)
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry::getKey))
                .limit(NAMES)
                .forEach(e -> names.add(String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue())));
        return names;
    }
}
