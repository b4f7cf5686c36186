package io.jmsbench.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** The process side of a test's own broker: free ports, waiting for readiness, ending its whole tree. */
final class BrokerProcess {

    static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

    private BrokerProcess() {
    }

    /** {@code n} loopback ports free now (all held open together, so they differ). */
    static int[] freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                sockets.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Waits until {@code ready}, polling; throws with {@code name}'s log tail when the process exits
     * first or {@code timeout} passes.
     */
    static void await(String name, Process process, Path log, Duration timeout, BooleanSupplier ready)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " while starting:\n"
                        + tail(log));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s:\n"
                        + tail(log));
            }
            Thread.sleep(100);
        }
    }

    static String tail(Path log) throws IOException {
        if (!Files.exists(log)) {
            return "(no log)";
        }
        List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }

    /**
     * Ends {@code process} and every process under it: a polite SIGTERM first (RabbitMQ and ActiveMQ
     * both shut down cleanly on it), SIGKILL for whatever is left after {@link #STOP_TIMEOUT}.
     */
    static void stopTree(Process process) throws InterruptedException {
        if (process == null) {
            return;
        }
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
        for (ProcessHandle p : tree) {
            long left = Math.max(0, deadline - System.nanoTime());
            try {
                p.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
            }
        }
        // children that the TERM made exit may have left grandchildren of their own
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
}
