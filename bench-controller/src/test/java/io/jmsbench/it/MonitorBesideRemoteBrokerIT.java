package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user's common case: the broker on a machine of its own with a monitor agent beside it, and
 * the clients started by the controller on this one. The broker's host is a network namespace
 * ({@link NetnsTestbed}), whose sockets the controller cannot see, so only the monitor can find
 * the broker's process. A fixed rate: no assertion rests on the CPU rules.
 */
@Timeout(180)
@Order(3) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
@ResourceLock(NetnsTestbed.LOCK)
class MonitorBesideRemoteBrokerIT {

    @TempDir
    Path work;

    @Test
    void aMonitorBesideTheBrokerMeasuresItForLocalClients() throws Exception {
        String why = NetnsTestbed.unavailable();
        Assumptions.assumeTrue(why == null, () -> "skipped: " + why);
        try (NetnsTestbed bed = NetnsTestbed.create()) {
            String brokerUrl = bed.startBroker(work);
            Path token = work.resolve("token");
            bed.startAgent(NetnsTestbed.BROKER, "monitor", 7190, token, work);
            String monitor = bed.address(NetnsTestbed.BROKER) + ":7190";
            Path file = work.resolve("watched.yaml");
            Files.writeString(file, "name: watched\n"
                    + "broker: {url: \"" + brokerUrl + "\"}\n"
                    + "destination: {type: topic, name: watched}\n"
                    + "publishers: {clients: 1, rate: 200}\n"
                    + "subscribers:\n  - {clients: 1}\n"
                    + "phases: {warmup: 1s, measure: 3s, drain: 5s}\n"
                    + "agents: {monitor: \"" + monitor + "\"}\n");

            Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(120), "run", file.toString(), "--out",
                    work.resolve("results").toString(), "--token-file", token.toString());

            assertEquals(0, result.exit(), result.stdout() + result.stderr());
            JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "watched"));
            JsonNode point = report.path("points").get(0);
            System.out.println("local clients, broker watched by its monitor: " + point.path("cpu") + "; findings "
                    + point.path("findings"));
            assertTrue(point.path("received").path("messages").asLong() > 0, point.toString());
            assertTrue(point.path("cpu").path("brokerCores").asDouble() > 0, point.path("cpu").toString());
            assertTrue(point.path("broker").path("rssBytes").asLong() > 0, point.path("broker").toString());
            assertFalse(point.path("findings").toString().contains("BROKER_PROCESS_NOT_MEASURED"),
                    point.path("findings").toString());
            String agents = report.path("environment").path("agents").toString();
            assertTrue(agents.contains("monitor-agent") && agents.contains(monitor), agents);
            assertTrue(agents.contains("publisher-agent") && agents.contains("subscriber-agent"), agents);
        }
    }
}
