package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's resident memory and its disk traffic so far, from /proc/PID/status and /proc/PID/io
 * ({@code -1} where the platform or permissions do not tell).
 */
public record ProcessResources(long rssBytes, long readBytes, long writeBytes) {

    public static final ProcessResources UNKNOWN = new ProcessResources(-1, -1, -1);

    public static ProcessResources read(long pid) {
        if (pid <= 0) {
            return UNKNOWN;
        }
        long rss = field(Path.of("/proc", Long.toString(pid), "status"), "VmRSS:") * 1024;
        long read = field(Path.of("/proc", Long.toString(pid), "io"), "read_bytes:");
        long write = field(Path.of("/proc", Long.toString(pid), "io"), "write_bytes:");
        return new ProcessResources(rss < 0 ? -1 : rss, read, write);
    }

    private static long field(Path file, String name) {
        try (var lines = Files.lines(file)) {
            return lines.filter(l -> l.startsWith(name))
                    .map(l -> l.substring(name.length()).trim().split("\\s+")[0])
                    .mapToLong(Long::parseLong).findFirst().orElse(-1);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
