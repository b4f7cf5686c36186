package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DebianBrokersIT}'s checks of the brokers' own counts where they are hardest to read, on
 * the brokers that class started: RabbitMQ's with a backlog behind the drain, and ActiveMQ's with a
 * queue an earlier run left messages on.
 */
final class DebianBrokerCounts {

    /** DebianBrokersIT's short run of rabbitmq.yaml with {@code more} overrides, checked as every run there. */
    @FunctionalInterface
    interface ShortRun {
        JsonNode run(String... more) throws Exception;
    }

    private DebianBrokerCounts() {
    }

    /**
     * The same node with a backlog the drain cannot clear (one subscriber at 2 ms a message): the
     * deliveries never settle, yet the messages in and the queues' levels stand, and nothing waits
     * beyond the drain.
     */
    static void backlogCountsStand(Path work, DebianRabbitMq rabbit) throws Exception {
        Path out = work.resolve("backlog");
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(90), "run",
                Jmsbench.scenario("rabbitmq.yaml").toString(), "--out", out.toString(), "--set",
                "broker.url=" + rabbit.url(), "--set", "broker.management.url=" + rabbit.managementUrl(), "--set",
                "publishers.clients=1", "--set", "subscribers[0].clients=1", "--set", "publishers.rate=2000",
                "--set", "subscribers[0].processing=2ms", "--set", "phases.warmup=2s", "--set", "phases.measure=3s",
                "--set", "phases.drain=7s");
        assertEquals(0, result.exit(), () -> result.stdout() + result.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "rabbitmq")).path("points").get(0);
        JsonNode counts = point.path("brokerCounts");
        System.out.println("DebianBrokersIT RabbitMQ with a backlog: clients " + point.path("totals") + ", drain "
                + point.path("drain") + ", broker " + counts + ", took " + result.took().toSeconds() + " s");
        assertEquals("timeout", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        assertEquals(point.path("totals").path("sent").asLong(), counts.path("enqueued").asLong(), counts.toString());
        assertEquals(-1, counts.path("dequeued").asLong(), counts.toString());
        assertTrue(counts.path("remaining").asLong() + counts.path("inFlight").asLong() > 0, counts.toString());
        assertTrue(counts.path("source").asText().contains("the drain timed out"), counts.toString());
        assertTrue(point.path("findings").toString().contains("read in part"), point.path("findings").toString());
    }

    /**
     * A queue an earlier run left 300 messages on: said, with its count, by a point that does not
     * purge; emptied first by one with broker.purge, whose counts then are its own.
     */
    static void leftoversFoundAndPurged(Path work, DebianActiveMq activemq, ShortRun purgedRun) throws Exception {
        String[] queue = {"--set", "destination.type=queue", "--set", "destination.name=bench.leftover", "--set",
                "broker.management.url=" + activemq.jmxUrl()};
        leave(activemq.openwireUrl(), 300);
        List<String> args = new java.util.ArrayList<>(List.of("run", Jmsbench.scenario("rabbitmq.yaml").toString(),
                "--out", work.resolve("unpurged").toString(), "--set", "broker.url=" + activemq.openwireUrl(), "--set",
                "broker.kind=activemq", "--set", "provider=openwire", "--set", "phases.warmup=1s", "--set",
                "phases.measure=2s", "--set", "publishers.rate=500"));
        args.addAll(List.of(queue));
        Jmsbench.Result unpurged = Jmsbench.run(work, Duration.ofSeconds(90), args.toArray(String[]::new));
        assertEquals(0, unpurged.exit(), () -> unpurged.stdout() + unpurged.stderr());
        JsonNode held = Reports.read(Reports.onlyRunDirectory(work.resolve("unpurged"), "rabbitmq")).path("points")
                .get(0);
        assertEquals(300, held.path("brokerCounts").path("heldBefore").path("queue bench.leftover").asLong(),
                held.path("brokerCounts").toString());
        assertTrue(held.path("findings").toString().contains("DESTINATION_NOT_EMPTY"), held.path("findings").toString());

        leave(activemq.openwireUrl(), 300);
        List<String> purging = new java.util.ArrayList<>(List.of(queue));
        purging.addAll(List.of("--set", "broker.purge=true", "--set", "publishers.rate=500"));
        JsonNode point = purgedRun.run(purging.toArray(String[]::new)).path("points").get(0);
        assertFalse(point.path("findings").toString().contains("DESTINATION_NOT_EMPTY"), point.path("findings").toString());
        assertTrue(point.path("brokerCounts").path("heldBefore").path("queue bench.leftover").isMissingNode(),
                point.path("brokerCounts").toString());
        System.out.println("DebianBrokersIT leftovers: unpurged " + held.path("brokerCounts").path("heldBefore")
                + ", " + held.path("verdict") + "; purged point " + point.path("verdict") + ", " + point.path("totals"));
    }

    /** {@code count} messages left on the queue bench.leftover, as an earlier run would. */
    private static void leave(String url, int count) throws Exception {
        try (jakarta.jms.Connection c = new org.apache.activemq.ActiveMQConnectionFactory(url).createConnection()) {
            jakarta.jms.Session session = c.createSession(false, jakarta.jms.Session.AUTO_ACKNOWLEDGE);
            jakarta.jms.MessageProducer producer = session.createProducer(session.createQueue("bench.leftover"));
            for (int i = 0; i < count; i++) {
                producer.send(session.createTextMessage("left over " + i));
            }
        }
    }
}
