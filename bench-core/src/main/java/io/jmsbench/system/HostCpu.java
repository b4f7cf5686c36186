package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Host-wide CPU time from the first line of /proc/stat, in clock ticks: busy and total, so two
 * readings give the host's utilisation between them. Absent (all zero) where there is no /proc.
 */
public record HostCpu(long busyTicks, long totalTicks) {

    private static final Path STAT = Path.of("/proc/stat");

    public static HostCpu read() {
        try (var lines = Files.lines(STAT)) {
            String[] f = lines.findFirst().orElse("").trim().split("\\s+");
            long total = 0;
            long idle = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                long v = Long.parseLong(f[i]);
                total += v;
                if (i == 4 || i == 5) { // idle, iowait
                    idle += v;
                }
            }
            return new HostCpu(total - idle, total);
        } catch (IOException | RuntimeException e) {
            return new HostCpu(0, 0);
        }
    }

    /** Fraction of the whole host (all cores) busy since {@code earlier}; NaN when unknown. */
    public double utilisationSince(HostCpu earlier) {
        long total = totalTicks - earlier.totalTicks;
        return total <= 0 ? Double.NaN : (double) (busyTicks - earlier.busyTicks) / total;
    }
}
