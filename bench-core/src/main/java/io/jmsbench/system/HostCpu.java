package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Host-wide CPU time in clock ticks (USER_HZ, 100 per second on every Linux ABI): busy and in
 * total, so two readings give the host's utilisation between them. Absent (all zero) where there
 * is no /proc.
 *
 * <p>The total is the wall-clock time elapsed times the number of CPUs, and busy is that total
 * less the idle and iowait ticks of /proc/stat. Summing /proc/stat's own columns instead
 * undercounts a host whose cores wake briefly thousands of times a second (a broker at a modest
 * message rate): the kernel measures idle periods exactly but samples busy time at each tick, so
 * short bursts between ticks go missing from the busy columns and from their sum. On the 2-core
 * VM this was measured on, a process using 0.17 cores that way made the summed columns report
 * 0.11; elapsed time less idle reported 0.18.
 */
public record HostCpu(long busyTicks, long totalTicks) {

    private static final Path STAT = Path.of("/proc/stat");
    static final long TICKS_PER_SECOND = 100;

    public static HostCpu read() {
        long now = System.nanoTime();
        // the cpu lines come first; the rest (interrupt counts, one per IRQ) is not read
        try (var lines = Files.lines(STAT)) {
            return parse(lines.takeWhile(l -> l.startsWith("cpu")).toList(), now);
        } catch (IOException | RuntimeException e) {
            return new HostCpu(0, 0);
        }
    }

    /** From the lines of /proc/stat read at {@code nanoTime} (those after the cpu lines are ignored). */
    static HostCpu parse(List<String> stat, long nanoTime) {
        String[] f = stat.get(0).trim().split("\\s+");
        long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]); // idle, iowait
        long cpus = stat.stream().filter(l -> l.length() > 3 && l.startsWith("cpu") && Character.isDigit(l.charAt(3)))
                .count();
        if (cpus == 0) {
            return new HostCpu(0, 0);
        }
        long total = Math.floorDiv(nanoTime, 1_000_000_000L / TICKS_PER_SECOND) * cpus;
        return new HostCpu(total - idle, total);
    }

    /** Fraction of the whole host (all cores) busy since {@code earlier}; NaN when unknown. */
    public double utilisationSince(HostCpu earlier) {
        long total = totalTicks - earlier.totalTicks;
        if (total <= 0) {
            return Double.NaN;
        }
        return Math.max(0, Math.min(1, (double) (busyTicks - earlier.busyTicks) / total));
    }
}
