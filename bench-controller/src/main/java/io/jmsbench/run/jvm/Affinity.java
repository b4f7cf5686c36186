package io.jmsbench.run.jvm;

import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.system.CpuList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * CPU affinity of the JVMs a point runs, set with util-linux's {@code taskset}: a child JVM is
 * started under {@code taskset -c}, a running process (the controller itself, an external broker)
 * is moved with {@code taskset -a -p -c}, every thread of it. A cgroup v2 cpuset would hold the
 * threads a process creates later as well, but needs a delegated, writable cgroup, which the
 * machines this was built on (cgroup v1, no delegation) do not have; threads inherit the affinity
 * of the thread that creates them, so a process moved whole stays where it was put.
 */
public final class Affinity {

    /** How the partitions were applied, as the report says it. */
    public static final String HOW = "taskset";
    private static final long TIMEOUT_SECONDS = 10;

    private Affinity() {
    }

    /** The taskset program, or {@code null} when this host has none on its PATH. */
    static Path taskset() {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "taskset");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** The words that start a command on {@code cpus}; empty for {@code null} (anywhere). */
    static List<String> prefix(CpuList cpus) throws IOException {
        if (cpus == null) {
            return List.of();
        }
        Path taskset = taskset();
        if (taskset == null) {
            throw new IOException("CPU partitions (cpus:) need util-linux's taskset, and it is not on the PATH");
        }
        return List.of(taskset.toString(), "-c", cpus.toString());
    }

    /** Moves every thread of process {@code pid} onto {@code cpus} and checks that the kernel agreed. */
    public static void move(long pid, CpuList cpus) throws RunFailure {
        Path taskset = taskset();
        if (taskset == null) {
            throw new RunFailure("CPU partitions (cpus:) need util-linux's taskset, and it is not on the PATH");
        }
        List<String> command = new ArrayList<>(List.of(taskset.toString(), "-a", "-p", "-c", cpus.toString(),
                Long.toString(pid)));
        Path output = null;
        try {
            // two lines a thread: a file, as a pipe nobody reads while it runs fills at a few hundred threads
            output = Files.createTempFile("jmsbench-taskset", ".txt");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new RunFailure("taskset did not move process " + pid + " to CPU " + cpus + " within "
                        + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                String out = Files.readString(output).strip();
                throw new RunFailure("taskset could not move process " + pid + " to CPU " + cpus + ": "
                        + out.lines().reduce((a, b) -> b).orElse("exit " + p.exitValue()));
            }
        } catch (IOException e) {
            throw new RunFailure("taskset could not be run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunFailure("interrupted while moving process " + pid + " to CPU " + cpus);
        } finally {
            if (output != null) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
        check(pid, cpus);
    }

    /** That the kernel holds {@code pid} on {@code cpus}, as /proc says; where /proc does not tell, nothing. */
    public static void check(long pid, CpuList cpus) throws RunFailure {
        CpuList actual = CpuList.allowed(pid);
        if (!actual.isEmpty() && !actual.equals(cpus)) {
            throw new RunFailure("process " + pid + " runs on CPU " + actual + ", not on CPU " + cpus
                    + " as its partition says");
        }
    }

    /**
     * This process moved onto {@code cpus} until {@link Pin#close}, which moves it back onto the
     * CPUs it had; {@code null} cpus: nothing moves.
     */
    public static Pin pinSelf(CpuList cpus) throws RunFailure {
        return pin(ProcessHandle.current().pid(), cpus);
    }

    /** Process {@code pid} moved onto {@code cpus} until {@link Pin#close}; {@code null} cpus: nothing moves. */
    public static Pin pin(long pid, CpuList cpus) throws RunFailure {
        if (cpus == null) {
            return new Pin(pid, null);
        }
        CpuList before = CpuList.allowed(pid);
        if (before.isEmpty()) {
            throw new RunFailure("the CPUs process " + pid + " may use cannot be read from /proc, so it is not moved");
        }
        try {
            move(pid, cpus);
        } catch (RunFailure e) {
            // some threads may have moved before it failed: all of them go back
            try {
                move(pid, before);
            } catch (RunFailure again) {
                throw new RunFailure(e.getMessage() + "; moving it back onto CPU " + before + " failed too: "
                        + again.getMessage());
            }
            throw e;
        }
        return new Pin(pid, before);
    }

    /** A process held to CPUs for a while; closing it gives the process back the CPUs it had. */
    public static final class Pin implements AutoCloseable {
        private final long pid;
        private final CpuList before;

        private Pin(long pid, CpuList before) {
            this.pid = pid;
            this.before = before;
        }

        @Override
        public void close() {
            if (before == null) {
                return;
            }
            try {
                move(pid, before);
            } catch (RunFailure e) {
                System.err.println("jmsbench: " + e.getMessage());
            }
        }
    }
}
