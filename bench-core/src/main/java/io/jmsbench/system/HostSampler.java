package io.jmsbench.system;

import io.jmsbench.protocol.HostSample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** Reads a {@link HostSample} of this host from /proc/stat, /proc/net/dev, /proc/diskstats and /proc/meminfo. */
public final class HostSampler {

    /** Whole disks only (sda, vda, xvda, nvme0n1, mmcblk0), so partitions are not counted twice. */
    private static final Pattern WHOLE_DISK = Pattern.compile("(sd|vd|xvd|hd)[a-z]+|nvme\\d+n\\d+|mmcblk\\d+");
    private static final long SECTOR = 512;

    private HostSampler() {
    }

    /**
     * The last reading while it is younger than 250 ms: a controller that polls counters every
     * 20 ms (a count-bounded window) or 100 ms (the drain) does not make the agent read four /proc
     * files each time. A reading is consistent in itself, so a slightly old one only shifts the
     * edge of the interval it closes.
     */
    public static final class Cached {
        private static final long MAX_AGE_NANOS = 250_000_000L;
        private volatile HostSample last;
        private volatile long readAt;

        public HostSample read() {
            long now = System.nanoTime();
            HostSample sample = last;
            if (sample == null || now - readAt > MAX_AGE_NANOS) {
                sample = HostSampler.read();
                last = sample;
                readAt = now;
            }
            return sample;
        }
    }

    public static HostSample read() {
        HostCpu cpu = HostCpu.read();
        long[] disk = diskBytes();
        return new HostSample(cpu.busyTicks(), cpu.totalTicks(), NetworkBytes.read(), disk[0], disk[1],
                memoryAvailable());
    }

    private static long[] diskBytes() {
        long read = 0;
        long written = 0;
        try (var lines = Files.lines(Path.of("/proc/diskstats"))) {
            for (String line : (Iterable<String>) lines::iterator) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && WHOLE_DISK.matcher(f[2]).matches()) {
                    read += Long.parseLong(f[5]) * SECTOR;
                    written += Long.parseLong(f[9]) * SECTOR;
                }
            }
            return new long[] {read, written};
        } catch (IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    private static long memoryAvailable() {
        try (var lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemAvailable:"))
                    .mapToLong(l -> Long.parseLong(l.substring("MemAvailable:".length()).trim().split("\\s+")[0]) * 1024)
                    .findFirst().orElse(-1);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
