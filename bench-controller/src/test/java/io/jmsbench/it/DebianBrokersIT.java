package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scenarios/rabbitmq.yaml against the brokers people already run, as Debian packages them:
 * rabbitmq-server over rabbitmq-jms and over AMQP 1.0, activemq over OpenWire (and AMQP where the
 * package has the module). Each test starts its broker on ports of its own and ends it; where the
 * package cannot be installed or started the test is skipped and says why. Short fixed phases at a
 * modest target rate: the point is that messages flow and the report names the broker, not a figure.
 */
@Timeout(150)
class DebianBrokersIT {

    @TempDir
    Path work;

    @Test
    void rabbitMqOverItsOwnJmsClient() throws Exception {
        try (DebianRabbitMq rabbit = DebianRabbitMq.start(work.resolve("rabbitmq"))) {
            JsonNode report = run(rabbit.url(), "rabbitmq", "rabbitmq-jms");
            assertTrue(report.path("environment").path("providerSettings").path("client").asText()
                    .startsWith("rabbitmq-jms "), report.path("environment").path("providerSettings").toString());
        }
    }

    @Test
    void rabbitMqOverAmqp10() throws Exception {
        try (DebianRabbitMq rabbit = DebianRabbitMq.start(work.resolve("rabbitmq"))) {
            run(rabbit.url(), "rabbitmq", "amqp");
        }
    }

    @Test
    void activeMqOverOpenWire() throws Exception {
        try (DebianActiveMq activemq = DebianActiveMq.start(work.resolve("activemq"))) {
            run(activemq.openwireUrl(), "activemq", "openwire");
        }
    }

    @Test
    void activeMqOverAmqp10() throws Exception {
        String noModule = "Debian's activemq package ships no activemq-amqp module (nor proton-j): it has no AMQP connector";
        // known before a start when the package is here already: spares the broker's start-up
        Skip.unless(!java.nio.file.Files.exists(DebianActiveMq.LAUNCHER) || DebianActiveMq.hasAmqpModule(), () -> noModule);
        try (DebianActiveMq activemq = DebianActiveMq.start(work.resolve("activemq"))) {
            Skip.unless(activemq.amqpUrl().isPresent(), () -> noModule);
            run(activemq.amqpUrl().orElseThrow(), "activemq", "amqp");
        }
    }

    /** Runs rabbitmq.yaml against {@code url}; checks that it completed, delivered every message and names the broker. */
    private JsonNode run(String url, String kind, String provider) throws Exception {
        Path out = work.resolve("results");
        List<String> args = List.of("run", Jmsbench.scenario("rabbitmq.yaml").toString(), "--out", out.toString(),
                "--set", "broker.url=" + url, "--set", "broker.kind=" + kind, "--set", "provider=" + provider,
                "--set", "publishers.clients=1", "--set", "subscribers[0].clients=1", "--set", "publishers.rate=2000",
                "--set", "phases.warmup=2s", "--set", "phases.measure=3s");
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(90), args.toArray(String[]::new));
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());

        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "rabbitmq"));
        assertEquals("completed", report.path("status").asText());
        assertEquals(provider, report.path("scenario").path("provider").asText());
        assertEquals(kind, report.path("scenario").path("broker").path("kind").asText());
        JsonNode broker = report.path("environment").path("broker");
        assertEquals("external " + kind, broker.path("kind").asText(), broker.toString());
        assertEquals(url, broker.path("url").asText());
        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("received").path("messages").asLong() > 0, () -> "received in the window: " + point);
        long sent = point.path("totals").path("sent").asLong();
        assertTrue(sent > 0, () -> "sent: " + point.path("totals"));
        assertEquals(sent, point.path("totals").path("received").asLong(), () -> "every message once: " + point);
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        return report;
    }

}
