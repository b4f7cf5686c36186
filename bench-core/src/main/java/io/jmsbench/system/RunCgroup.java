package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A cgroup v1 {@code cpuacct} group of the run's own: the controller joins it before it starts
 * any process, so every process the run starts (brokers, agents, and whatever they start) is born
 * in it, and the group counts their CPU time per CPU, exited ones included, which /proc cannot.
 * Read beside the root's counts ({@link #read}), it tells the run's time on each CPU from
 * everyone else's. Joined only where the hierarchy is mounted on its own and writable (as root):
 * where {@code cpuacct} shares a hierarchy with {@code cpu}, a new group would also change how the
 * scheduler weighs the run against the host's other tasks. Closing it (also from a shutdown hook)
 * moves the processes back to the group they came from and removes it.
 */
public final class RunCgroup implements AutoCloseable {

    static final Path MOUNT = Path.of("/sys/fs/cgroup/cpuacct");
    private static final String PREFIX = "jmsbench-";
    private static volatile RunCgroup joined;

    private final Path group;
    private final Path home;
    private final Thread hook;

    private RunCgroup(Path group, Path home) {
        this.group = group;
        this.home = home;
        this.hook = new Thread(this::leave, "jmsbench-cgroup-cleanup");
    }

    /** Joins a new group under this process's own, when the hierarchy allows it; {@code null} otherwise (why: {@link #why}). */
    public static synchronized RunCgroup join() {
        if (joined != null) {
            return null;
        }
        Path home = home();
        if (home == null || !Files.isWritable(home)) {
            return null;
        }
        sweep(home);
        long pid = ProcessHandle.current().pid();
        Path group = home.resolve(PREFIX + pid);
        try {
            Files.createDirectories(group);
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException | RuntimeException e) {
            remove(group, home);
            return null;
        }
        RunCgroup g = new RunCgroup(group, home);
        Runtime.getRuntime().addShutdownHook(g.hook);
        joined = g;
        return g;
    }

    /** Why no group could be joined here, for the console. */
    public static String why() {
        Path home = home();
        if (home == null) {
            return "no cgroup v1 cpuacct hierarchy of its own is mounted at " + MOUNT;
        }
        return "the cpuacct group " + home + " is not writable (run as root)";
    }

    /** The per-CPU counts of the joined group and of the root now; {@link CgroupCpu#NONE} without one. */
    public static CgroupCpu read() {
        RunCgroup g = joined;
        if (g == null) {
            return CgroupCpu.NONE;
        }
        long[] run = perCpu(g.group);
        long[] all = perCpu(MOUNT);
        return run == null || all == null ? CgroupCpu.NONE : new CgroupCpu(run, all);
    }

    public Path path() {
        return group;
    }

    @Override
    public synchronized void close() {
        leave();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // shutting down: the hook runs or ran
        }
    }

    private synchronized void leave() {
        if (joined == this) {
            joined = null;
        }
        remove(group, home);
    }

    /** Moves what is left in {@code group} to {@code home} and removes it; quietly, as a clean-up. */
    private static void remove(Path group, Path home) {
        try {
            if (!Files.isDirectory(group)) {
                return;
            }
            for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
                try {
                    Files.writeString(home.resolve("cgroup.procs"), pid.strip());
                } catch (IOException e) {
                    // it ended meanwhile
                }
            }
            Files.deleteIfExists(group);
        } catch (IOException | RuntimeException e) {
            // left for the next run's sweep
        }
    }

    /** Groups of earlier runs whose controller is gone (killed with -9): removed. */
    private static void sweep(Path home) {
        try (DirectoryStream<Path> groups = Files.newDirectoryStream(home, PREFIX + "*")) {
            for (Path g : groups) {
                String pid = g.getFileName().toString().substring(PREFIX.length());
                boolean alive = pid.chars().allMatch(Character::isDigit) && !pid.isEmpty()
                        && ProcessHandle.of(Long.parseLong(pid)).isPresent();
                if (!alive) {
                    remove(g, home);
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to sweep
        }
    }

    /** This process's cpuacct group, when cpuacct is a hierarchy of its own; {@code null} otherwise. */
    static Path home() {
        if (!Files.isRegularFile(MOUNT.resolve("cpuacct.usage_percpu"))) {
            return null;
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && List.of(f[1].split(",")).equals(List.of("cpuacct"))) {
                    Path home = MOUNT.resolve(f[2].replaceFirst("^/+", ""));
                    return Files.isDirectory(home) ? home : null;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** A group's cpuacct.usage_percpu: nanoseconds per CPU, by CPU number; {@code null} unreadable. */
    static long[] perCpu(Path group) {
        try {
            String[] f = Files.readString(group.resolve("cpuacct.usage_percpu")).strip().split("\\s+");
            long[] ns = new long[f.length];
            for (int i = 0; i < f.length; i++) {
                ns[i] = Long.parseLong(f[i]);
            }
            return ns;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
