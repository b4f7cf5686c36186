package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The CPU time of every task of this host that is not the run's own (the controller, its child
 * JVMs, the broker) at one instant: each kernel thread from /proc/PID/stat, each thread of other
 * processes from /proc/PID/task/TID/stat (a thread, not its process, has a CPU it last ran on).
 * Two readings tell what else ran on which CPUs between them. A task that ended between the
 * readings is not seen, so that part of the foreign load is missed; the host's busy ticks still
 * hold it.
 */
public record ProcessCensus(Map<Long, ProcessTicks> processes, long readAtTicks) {

    /** PF_KTHREAD of include/linux/sched.h: the flags word of a kernel thread. */
    static final long KERNEL_THREAD_FLAG = 0x00200000L;
    public static final ProcessCensus EMPTY = new ProcessCensus(Map.of(), -1);

    public ProcessCensus {
        processes = Map.copyOf(processes);
    }

    /**
     * One task: its start time (ticks since boot) tells a reused id from the same task; {@code name}
     * is its process's command name (a kernel thread's own).
     */
    public record ProcessTicks(long pid, boolean kernel, long startTicks, long ticks, int lastCpu, String name) {

        public ProcessTicks(long pid, boolean kernel, long startTicks, long ticks, int lastCpu) {
            this(pid, kernel, startTicks, ticks, lastCpu, "?");
        }

        ProcessTicks named(String processName) {
            return new ProcessTicks(pid, kernel, startTicks, ticks, lastCpu, processName);
        }
    }

    /**
     * What tasks not of the run used on a partition between two censuses, in cores: kernel threads,
     * other processes' threads, and the latter by process name.
     */
    public record Foreign(double kernelCores, double userCores, Map<String, Double> byName) {
        static final Foreign UNKNOWN = new Foreign(Double.NaN, Double.NaN, Map.of());
    }

    /**
     * This host's tasks but {@code ours} (process ids), and when they were read, in ticks since
     * boot as a task's start time is (/proc/uptime); empty where there is no /proc.
     */
    public static ProcessCensus read(Set<Long> ours) {
        long readAt = uptimeTicks();
        if (readAt < 0) {
            return EMPTY;
        }
        Map<Long, ProcessTicks> all = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : dirs) {
                if (ours.contains(Long.parseLong(dir.getFileName().toString()))) {
                    continue;
                }
                try {
                    ProcessTicks p = parse(Files.readString(dir.resolve("stat")));
                    if (p != null && p.kernel()) {
                        all.put(p.pid(), p);
                    } else if (p != null) {
                        threads(dir, p.name(), all);
                    }
                } catch (IOException | RuntimeException e) {
                    // ended while we looked: counted as ended
                }
            }
        } catch (IOException | RuntimeException e) {
            return EMPTY;
        }
        return new ProcessCensus(all, readAt);
    }

    private static long uptimeTicks() {
        try {
            String seconds = Files.readString(Path.of("/proc/uptime")).strip().split("\\s+")[0];
            return Math.round(Double.parseDouble(seconds) * HostCpu.TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static void threads(Path process, String name, Map<Long, ProcessTicks> all) throws IOException {
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(process.resolve("task"), "[0-9]*")) {
            for (Path task : tasks) {
                try {
                    ProcessTicks t = parse(Files.readString(task.resolve("stat")));
                    if (t != null) {
                        all.put(t.pid(), t.named(name));
                    }
                } catch (IOException | RuntimeException e) {
                    // this thread ended while we looked; its siblings are still read
                }
            }
        }
    }

    /** One line of /proc/PID/stat (or of a task's); {@code null} when it is not one. */
    static ProcessTicks parse(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
            return null;
        }
        long pid = Long.parseLong(stat.substring(0, open).strip());
        // fields from the third (state) on; the command in parentheses may hold spaces
        String[] f = stat.substring(close + 2).split(" ");
        long flags = Long.parseLong(f[6]);
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        long start = Long.parseLong(f[19]);
        int lastCpu = f.length > 36 ? Integer.parseInt(f[36]) : -1;
        return new ProcessTicks(pid, (flags & KERNEL_THREAD_FLAG) != 0, start, ticks, lastCpu,
                stat.substring(open + 1, close));
    }

    /**
     * Cores that tasks not of the run used on {@code partition} since {@code earlier}, by the CPU
     * each last ran on: {@code [kernel threads, user processes]}; NaN where either census is empty.
     * A task that started after the earlier census counts from zero; one the earlier census missed
     * although it was already running (it was read as it changed) is left out rather than counted
     * with its whole life.
     */
    public double[] foreignCoresSince(ProcessCensus earlier, CpuList partition, double seconds) {
        Foreign f = foreignSince(earlier, partition, seconds);
        return new double[] {f.kernelCores(), f.userCores()};
    }

    /** As {@link #foreignCoresSince}, with the other processes' cores by name. */
    public Foreign foreignSince(ProcessCensus earlier, CpuList partition, double seconds) {
        if (processes.isEmpty() || earlier.processes().isEmpty() || seconds <= 0) {
            return Foreign.UNKNOWN;
        }
        double kernel = 0;
        double user = 0;
        Map<String, Double> byName = new HashMap<>();
        for (ProcessTicks now : processes.values()) {
            if (!partition.contains(now.lastCpu())) {
                continue;
            }
            ProcessTicks then = earlier.processes().get(now.pid());
            boolean same = then != null && then.startTicks() == now.startTicks();
            if (!same && now.startTicks() < earlier.readAtTicks()) {
                continue;
            }
            long before = same ? then.ticks() : 0;
            double cores = Math.max(0, now.ticks() - before) / (seconds * HostCpu.TICKS_PER_SECOND);
            if (now.kernel()) {
                kernel += cores;
            } else {
                user += cores;
                if (cores > 0) {
                    byName.merge(now.name(), cores, Double::sum);
                }
            }
        }
        return new Foreign(kernel, user, byName);
    }
}
