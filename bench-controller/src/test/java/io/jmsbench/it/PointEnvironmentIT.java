package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cases that switch a provider setting: each point must carry the settings, agents and broker it
 * really ran with, not the last point's. Before the driver/observation split, the run overwrote
 * one environment per point and the report showed the last case's listener for every case.
 */
@Timeout(180)
@SharesTheMachine
class PointEnvironmentIT {

    @TempDir
    Path work;

    @Test
    void everyPointCarriesItsOwnProviderSettingsAndAgents() throws Exception {
        Path scenario = work.resolve("two-acks.yaml");
        Files.writeString(scenario, """
                name: two-acks
                broker: {embedded: activemq, persistent: false}
                destination: {type: topic, name: bench.acks}
                publishers: {clients: 1, rate: max}
                subscribers:
                  - {clients: 1}
                phases: {warmup: 1s, measure: 2s, drain: 10s}
                cases:
                  - name: auto
                    set: {delivery.ack: auto}
                  - name: transacted
                    set: {delivery.ack: transacted, delivery.transactionSize: 10}
                """);
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(150), "run", scenario.toString(),
                "--out", out.toString());
        assertEquals(0, run.exit(), run.stdout() + run.stderr());

        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "two-acks"));
        JsonNode points = report.path("points");
        assertEquals(2, points.size());
        JsonNode auto = points.get(0).path("environment");
        JsonNode transacted = points.get(1).path("environment");
        assertEquals("on the transport thread (alwaysSessionAsync=false)",
                auto.path("providerSettings").path("subscriberListener").asText(), auto.toString());
        assertEquals("on a session thread (alwaysSessionAsync=true)",
                transacted.path("providerSettings").path("subscriberListener").asText(), transacted.toString());
        assertTrue(transacted.path("providerSettings").path("sendMode").asText().startsWith("transacted"),
                transacted.toString());
        assertEquals("asynchronous (non-persistent)", auto.path("providerSettings").path("sendMode").asText());

        // each point had agent JVMs of its own
        long autoPid = auto.path("agents").get(0).path("info").path("jvm").path("pid").asLong();
        long transactedPid = transacted.path("agents").get(0).path("info").path("jvm").path("pid").asLong();
        assertTrue(autoPid > 0, auto.toString());
        assertNotEquals(autoPid, transactedPid);
        assertTrue(auto.path("broker").path("url").asText().startsWith("tcp://"), auto.toString());

        // the run-wide environment keeps the settings every point shares, and says what varies
        JsonNode environment = report.path("environment");
        assertTrue(environment.path("providerSettings").path("subscriberListener").isMissingNode(),
                environment.toString());
        assertTrue(environment.path("providerSettings").path("client").asText().startsWith("activemq-client"),
                environment.toString());
        assertEquals("[\"providerSettings\"]", environment.path("variesByPoint").toString(),
                "the agents and the broker were set up alike for both cases; only the settings differ");
        assertEquals(2, environment.path("agents").size(), "the first point's agents stand for the run's");
        assertEquals("embedded activemq", environment.path("broker").path("kind").asText());
    }
}
