package io.jmsbench.report;

import java.util.List;
import java.util.Locale;

/** What ran on each partition of the host's CPUs, one line each, for the console and report.md. */
public final class PartitionLines {

    private PartitionLines() {
    }

    public static List<String> of(PointResult p) {
        if (p.resources() == null || p.resources().cpu() == null) {
            return List.of();
        }
        return p.resources().cpu().partitions().stream().map(PartitionLines::line).toList();
    }

    static String line(PartitionFigures f) {
        return String.format(Locale.ROOT, "%s (CPU %s): %s busy; cores of the run's JVMs %s%s, interrupts %s (in "
                        + "part inside the JVMs' own time), kernel threads %s, other processes %s%s%s",
                f.name().equals("host") ? "the shared host"
                        : "the " + f.name() + " partition", f.cpus(), Figures.percent(f.busy()),
                Figures.cores(f.ownCores()), Double.isNaN(f.runCores()) ? ""
                        : " (" + Figures.cores(f.runCores()) + " with every process of its cgroup)",
                Figures.cores(f.interruptCores()), Figures.cores(f.kernelCores()),
                Figures.cores(f.foreignCores()), f.otherProcesses().isEmpty() ? ""
                        : " (" + String.join(", ", f.otherProcesses()) + ")",
                f.accounting() == null ? "" : ", unexplained " + Figures.cores(f.unexplainedCores()) + " (by "
                        + (f.accounting().equals("cgroup") ? "the cgroup counts" : "/proc") + ")");
    }
}
