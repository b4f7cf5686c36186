package io.jmsbench.run.jvm;

import io.jmsbench.system.CpuList;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A JVM the controller starts (broker, local agent): same Java, same class path, stdout and stderr
 * to {@code logs/NAME.log}. Its stdin stays a pipe from us; the child treats EOF on it as "the
 * controller is gone" and exits, so even {@code kill -9} of the controller leaves no orphan.
 */
public final class ChildJvm implements AutoCloseable {

    public static final String MAIN_CLASS = "io.jmsbench.cli.Main";
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    /**
     * Options added to every child's JVM, after its own; a hidden knob of the end-to-end tests that run
     * beside each other ({@code -Djmsbench.test.childJvmFlags=-XX:TieredStopAtLevel=1}), whose runs last
     * seconds: C2's compiling would cost more than it gives back.
     */
    private static final List<String> TEST_FLAGS = List.of(System.getProperty("jmsbench.test.childJvmFlags", "")
            .strip().split("\\s+")).stream().filter(f -> !f.isEmpty()).toList();

    private final String name;
    private final Process process;
    private final Path log;
    private final OutputStream stdin;

    private ChildJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.stdin = process.getOutputStream();
    }

    public static ChildJvm start(String name, List<String> jvmFlags, List<String> args, Path logDirectory,
                                 Map<String, String> environment) throws IOException {
        return start(name, jvmFlags, args, logDirectory, environment, null);
    }

    /** As the other start, on {@code cpus} only ({@code null}: anywhere), see {@link Affinity}. */
    public static ChildJvm start(String name, List<String> jvmFlags, List<String> args, Path logDirectory,
                                 Map<String, String> environment, CpuList cpus) throws IOException {
        Files.createDirectories(logDirectory);
        Path log = logDirectory.resolve(name + ".log");
        List<String> command = new ArrayList<>(Affinity.prefix(cpus));
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags);
        command.addAll(TEST_FLAGS);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MAIN_CLASS);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        return new ChildJvm(name, builder.start(), log);
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public ProcessHandle handle() {
        return process.toHandle();
    }

    public Path log() {
        return log;
    }

    /** The last lines of the child's log, for an error message. */
    public String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM, then SIGKILL after a grace period; returns once the process is gone. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        try {
            stdin.close();
        } catch (IOException ignored) {
            // closing our end is only a hint, SIGTERM follows
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
