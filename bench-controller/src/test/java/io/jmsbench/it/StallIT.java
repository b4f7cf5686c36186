package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stall whose broker is up: the embedded ActiveMQ with a 2 MB memory limit and a queue whose one
 * subscriber selects half the messages. The other half stays in the queue until the limit is full,
 * and producer flow control then holds both publishers back for good. The point must say so in
 * the broker's figures, not ask whether the broker is down, and leave the thread dumps in logs/.
 */
@Timeout(120)
@SharesTheMachine
class StallIT {

    /** The seconds without a send that make the stall, for the test instead of the product's 15. */
    private static final int STALL_SECONDS = 5;

    @TempDir
    Path work;

    @Test
    void aBrokerThatHoldsItsProducersBackIsNamedWithItsMemoryAndItsThreads() throws Exception {
        Path scenario = work.resolve("stall.yaml");
        Files.writeString(scenario, """
                name: stall
                broker: {embedded: activemq, persistent: false, memoryLimit: 2MB, producerFlowControl: true}
                provider: openwire
                destination: {type: queue, name: bench.stall}
                message: {type: bytes, size: 1024, properties: 1, vary: {on: P1, from: 1, to: 2}}
                publishers: {clients: 2, rate: max}
                subscribers:
                  - {clients: 1, selector: "P1 = '#1'"}
                delivery: {persistent: true, ack: auto}
                phases: {warmup: 2s, measure: 60s, drain: 5s}
                """);
        Path out = work.resolve("results");

        // the stall bound of 15 s shortened (a hidden knob of the controller's): what is waited for is the same
        Jmsbench.Result result = Jmsbench.start(work, List.of(Jmsbench.STALL_SECONDS + STALL_SECONDS), Map.of(), "run",
                scenario.toString(), "--out", out.toString()).await(Duration.ofSeconds(100));

        System.out.println("StallIT: exit " + result.exit() + " after " + result.took().toSeconds() + " s\n"
                + result.stdout() + result.stderr());
        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        Path run = Reports.onlyRunDirectory(out, "stall");
        JsonNode report = Reports.read(run);
        String reason = report.path("abortReason").asText();
        assertTrue(reason.startsWith("stalled: the publishers sent nothing for " + STALL_SECONDS + " s while the broker "
                + "was up: its memory limit 10"), reason);
        assertTrue(reason.contains("2 producers held back by flow control"), reason);
        assertTrue(reason.contains("queue bench.stall holds "), reason);
        assertTrue(reason.contains("thread dumps in logs/"), reason);
        assertFalse(reason.contains("down?"), reason);
        assertTrue((result.stdout() + result.stderr()).contains("while the broker was up"), "told on the console");
        String brokerThreads = Files.readString(run.resolve("logs").resolve("stall-broker-threads.txt"));
        assertTrue(brokerThreads.contains("Full thread dump"), brokerThreads);
        try (var files = Files.list(run.resolve("logs"))) {
            assertTrue(files.filter(f -> f.getFileName().toString().startsWith("stall-")).count() >= 3,
                    "the broker's and both agents' threads");
        }
    }
}
