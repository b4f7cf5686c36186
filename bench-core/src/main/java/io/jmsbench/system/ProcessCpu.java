package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's CPU time from /proc/PID/stat (utime + stime of all its threads, in clock ticks), which
 * any user may read: the way to measure a broker this controller did not start.
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    /** CPU nanoseconds the process used so far; {@code -1} once it is gone or where /proc cannot tell. */
    public static long nanos(long pid) {
        try {
            return parseNanos(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The CPU time in a /proc/PID/stat line. The command name (field 2) is in parentheses and may hold
     * spaces and parentheses itself, so the fields are counted from its last ')': utime and stime are
     * fields 14 and 15, in USER_HZ ticks (100 a second on every Linux ABI, see {@link HostCpu}).
     */
    static long parseNanos(String stat) {
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            throw new IllegalArgumentException("not a /proc/PID/stat line");
        }
        String[] rest = stat.substring(end + 1).trim().split("\\s+");
        long ticks = Long.parseLong(rest[11]) + Long.parseLong(rest[12]);
        return ticks * (1_000_000_000L / HostCpu.TICKS_PER_SECOND);
    }
}
