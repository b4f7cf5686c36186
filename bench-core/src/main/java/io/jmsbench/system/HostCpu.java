package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Host-wide CPU time in clock ticks (USER_HZ, 100 per second on every Linux ABI): busy and in
 * total, so two readings give the host's utilisation between them, and the same for each CPU
 * ({@link CpuTicks}), so a partition of the host's CPUs can be read on its own. Absent (all zero,
 * no CPUs) where there is no /proc.
 *
 * <p>The total is the wall-clock time elapsed times the number of CPUs, and busy is that total
 * less the idle and iowait ticks of /proc/stat: summing /proc/stat's own columns instead misses the
 * short bursts of cores that wake thousands of times a second, as a broker's do (docs/performance.md,
 * "Host CPU busy time").
 */
public record HostCpu(long busyTicks, long totalTicks, List<CpuTicks> cpus) {

    private static final Path STAT = Path.of("/proc/stat");
    static final long TICKS_PER_SECOND = 100;

    public HostCpu {
        cpus = cpus == null ? List.of() : List.copyOf(cpus);
    }

    public HostCpu(long busyTicks, long totalTicks) {
        this(busyTicks, totalTicks, List.of());
    }

    /**
     * One CPU's ticks: busy as the host's (elapsed less idle and iowait), and the part of the
     * sampled busy time the kernel spent in hard and soft interrupts (network receive on loopback
     * among them) for whatever ran there.
     */
    public record CpuTicks(int cpu, long busy, long interrupts) {
    }

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
        long elapsed = Math.floorDiv(nanoTime, 1_000_000_000L / TICKS_PER_SECOND);
        List<CpuTicks> cpus = new ArrayList<>();
        for (String line : stat) {
            if (line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
                String[] c = line.trim().split("\\s+");
                long interrupts = c.length > 7 ? Long.parseLong(c[6]) + Long.parseLong(c[7]) : 0;
                cpus.add(new CpuTicks(Integer.parseInt(c[0].substring(3)),
                        elapsed - Long.parseLong(c[4]) - Long.parseLong(c[5]), interrupts));
            }
        }
        if (cpus.isEmpty()) {
            return new HostCpu(0, 0);
        }
        long total = elapsed * cpus.size();
        return new HostCpu(total - idle, total, cpus);
    }

    /** Fraction of the whole host (all cores) busy since {@code earlier}; NaN when unknown. */
    public double utilisationSince(HostCpu earlier) {
        long total = totalTicks - earlier.totalTicks;
        if (total <= 0) {
            return Double.NaN;
        }
        return Math.max(0, Math.min(1, (double) (busyTicks - earlier.busyTicks) / total));
    }

    /**
     * Busy and interrupt cores of the CPUs in {@code partition} since {@code earlier} (each CPU's
     * busy share capped at 1), over {@code seconds}; NaN where a CPU was not in both readings.
     */
    public double[] coresSince(HostCpu earlier, CpuList partition, double seconds) {
        double busy = 0;
        double interrupts = 0;
        for (int cpu : partition.numbers()) {
            CpuTicks now = tick(cpu);
            CpuTicks then = earlier.tick(cpu);
            if (now == null || then == null || seconds <= 0) {
                return new double[] {Double.NaN, Double.NaN};
            }
            double ticks = seconds * TICKS_PER_SECOND;
            busy += Math.max(0, Math.min(1, (now.busy() - then.busy()) / ticks));
            interrupts += Math.max(0, Math.min(1, (now.interrupts() - then.interrupts()) / ticks));
        }
        return new double[] {busy, interrupts};
    }

    /** The CPUs this reading holds ticks of. */
    public CpuList cpuList() {
        return CpuList.of(cpus.stream().mapToInt(CpuTicks::cpu).toArray());
    }

    private CpuTicks tick(int cpu) {
        for (CpuTicks t : cpus) {
            if (t.cpu() == cpu) {
                return t;
            }
        }
        return null;
    }
}
