package io.jmsbench.run.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A JVM's threads as {@code jcmd PID Thread.print} prints them, into a file: the JDK's own tool
 * reaches any JVM of this user on this machine (the embedded broker, a local external one, the
 * local agents) without anything in the target, and a hung target cannot hold the caller longer
 * than the bound.
 */
public final class ThreadDumps {

    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private ThreadDumps() {
    }

    /** Writes the dump of {@code pid} to {@code file}; {@code null} when it did, else why not, in a few words. */
    public static String write(long pid, Path file) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return "no jcmd in " + jcmd.getParent() + " (a JRE, not a JDK)";
        }
        Process p;
        try {
            Files.createDirectories(file.getParent());
            p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true)
                    .redirectOutput(file.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null")
                            .toFile())).start();
        } catch (IOException e) {
            return "jcmd could not be started: " + e.getMessage();
        }
        try {
            if (!p.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return "jcmd did not finish within " + TIMEOUT.toSeconds() + " s";
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return p.exitValue() == 0 ? null : "jcmd exited with " + p.exitValue() + " (see " + file.getFileName() + ")";
    }

    /** Whether {@code pid} runs a JVM, so that jcmd may reach it (RabbitMQ's beam.smp is none). */
    public static boolean isJvm(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command())
                .map(c -> Path.of(c).getFileName().toString().equals("java")).orElse(false);
    }
}
