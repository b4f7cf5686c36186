package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts the shaded jar exactly as {@code ./jmsbench} does: its own JVM, in a working directory of the test's. */
final class Jmsbench {

    static final Path JAR = Path.of(System.getProperty("jmsbench.jar", "target/jmsbench.jar"));
    static final Path SCENARIOS = Path.of(System.getProperty("jmsbench.scenarios", "../scenarios"));

    record Result(int exit, String stdout, String stderr, Duration took) {
    }

    /** A running jmsbench process whose output goes to files in {@code dir}. */
    record Running(Process process, Path stdout, Path stderr, long startNanos) {

        String out() throws IOException {
            return Files.readString(stdout);
        }

        String err() throws IOException {
            return Files.readString(stderr);
        }

        /** Waits until stdout contains {@code text}; fails the test after {@code timeout}. */
        void awaitOutput(String text, Duration timeout) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                if (out().contains(text)) {
                    return;
                }
                if (!process.isAlive()) {
                    throw new AssertionError("jmsbench exited with " + process.exitValue() + " before printing '"
                            + text + "'; stdout:\n" + out() + "\nstderr:\n" + err());
                }
                Thread.sleep(50);
            }
            throw new AssertionError("no '" + text + "' within " + timeout + "; stdout:\n" + out());
        }

        Result await(Duration timeout) throws IOException, InterruptedException {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError("jmsbench did not exit within " + timeout + "; stdout:\n" + out());
            }
            return new Result(process.exitValue(), out(), err(), Duration.ofNanos(System.nanoTime() - startNanos));
        }
    }

    /**
     * The controller's hidden knob for how long the publishers may send nothing before a point is given up
     * as stalled (PointDriver.STALL, 15 s): a test that waits for a stall waits this many seconds instead.
     */
    static final String STALL_SECONDS = "-Djmsbench.test.stallSeconds=";
    /**
     * The controller's hidden knob for how long it waits for an agent to answer a release (AgentClient, 15 s):
     * a test whose agent cannot be reached at the run's end waits this many seconds instead.
     */
    static final String RELEASE_SECONDS = "-Djmsbench.test.releaseSeconds=";

    /**
     * The JIT of every JVM a {@link SharesTheMachine} class's runs start: C1 only, for the controller and
     * (through its hidden knob {@code jmsbench.test.childJvmFlags}) the broker and agents it starts. Those
     * runs last seconds, two classes at a time on 2 cores, so C2's compiling costs more than it gives back: a
     * ramp pattern shortened as PatternsIT runs it took 7.2 CPU seconds and 23 s with C2, 4.8 and 15 s with the
     * controller and agents on C1 (a load of 22, two runs each). None of their assertions is about a rate; the classes that need an
     * idle machine keep the product's JIT.
     */
    static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";

    private Jmsbench() {
    }

    /**
     * Shared classes that keep the product's JIT. DebianBrokersIT saturates a topic on Debian's ActiveMQ,
     * whose stock configuration drops a slow consumer's messages beyond 1,000 pending: with its clients on
     * C1 the subscriber fell behind and half the stream was lost (the broker, Debian's JVM, kept C2).
     */
    private static final java.util.Set<Class<?>> PRODUCT_JIT = java.util.Set.of(DebianBrokersIT.class);

    /** The options for a JVM started now: {@link #QUICK_JIT} when a {@link SharesTheMachine} class starts it. */
    static List<String> jitOptions() {
        boolean shared = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .map(StackWalker.StackFrame::getDeclaringClass).anyMatch(c -> c.isAnnotationPresent(SharesTheMachine.class)
                        && !PRODUCT_JIT.contains(c)));
        return shared ? List.of(QUICK_JIT, "-Djmsbench.test.childJvmFlags=" + QUICK_JIT) : List.of();
    }

    static Running start(Path workDir, String... args) throws IOException {
        return start(workDir, java.util.Map.of(), args);
    }

    /** Starts the jar with {@code environment} added to this JVM's. */
    static Running start(Path workDir, java.util.Map<String, String> environment, String... args) throws IOException {
        return start(workDir, List.of(), environment, args);
    }

    /**
     * Starts the jar with {@code jvmOptions} before {@code -jar} (the controller's JVM only: hidden test
     * knobs such as {@link #STALL_SECONDS}) and {@code environment} added to this JVM's.
     */
    static Running start(Path workDir, List<String> jvmOptions, java.util.Map<String, String> environment,
                         String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jitOptions());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(workDir, "stdout", ".txt");
        Path err = Files.createTempFile(workDir, "stderr", ".txt");
        long start = System.nanoTime();
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process p = builder.start();
        return new Running(p, out, err, start);
    }

    static Result run(Path workDir, Duration timeout, String... args) throws IOException, InterruptedException {
        return start(workDir, args).await(timeout);
    }

    static Path scenario(String name) {
        return SCENARIOS.resolve(name).toAbsolutePath();
    }

    /** Sends SIGINT, as Ctrl-C in a terminal does. */
    static void interrupt(Process process) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start().waitFor();
    }
}
