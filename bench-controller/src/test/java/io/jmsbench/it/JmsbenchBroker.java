package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code jmsbench broker} in its own JVM, an external broker to the runs a test makes: {@link #urls}
 * are the URLs its ready file lists (openwire, amqp, core); closing it stops it.
 */
record JmsbenchBroker(Process process, JsonNode urls) implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** Starts a broker of {@code kind} with its data under {@code work}, and {@code more} options. */
    static JmsbenchBroker start(Path work, Map<String, String> environment, String kind, String... more)
            throws Exception {
        Path dir = Files.createTempDirectory(work, "broker-" + kind);
        Path ready = dir.resolve("ready.json");
        List<String> args = new ArrayList<>(List.of("broker", "--kind", kind, "--data-dir",
                dir.resolve("data").toString(), "--ready-file", ready.toString()));
        args.addAll(List.of(more));
        Jmsbench.Running running = Jmsbench.start(dir, environment, args.toArray(String[]::new));
        try {
            BrokerProcess.await("jmsbench broker", running.process(), running.stderr(), START_TIMEOUT,
                    () -> Files.exists(ready));
            return new JmsbenchBroker(running.process(), JSON.readTree(ready.toFile()));
        } catch (Exception | AssertionError e) {
            running.process().destroyForcibly();
            throw e;
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(BrokerProcess.STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
