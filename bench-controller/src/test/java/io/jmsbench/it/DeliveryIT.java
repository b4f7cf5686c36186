package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Delivery modes end to end: each run must deliver every message exactly once (audit: nothing
 * lost, no duplicates) with its replication grade, whatever the acknowledgement, transaction,
 * durability, message type or number of destinations. A 1 s warm-up, not smoke.yaml's 10: the audit,
 * the replication grade and the send errors are the whole run's, and a missed rate is checked against the
 * point's own verdict, not a figure.
 */
@Timeout(180)
@SharesTheMachine
class DeliveryIT {

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        // durable topic subscriptions, persistent text messages, transacted both sides (batch 50)
        "delivery.durable=true delivery.persistent=true broker.persistent=true message.type=text "
                + "delivery.ack=transacted delivery.transactionSize=50 subscribers[0].clients=2",
        // three queues, one producer and one consumer each, map messages, client ack every 10, async persistent sends
        "destination.type=queue destination.count=3 publishers.clients=3 subscribers[0].clients=3 message.type=map "
                + "delivery.ack=client delivery.ackEvery=10 delivery.persistent=true delivery.asyncSend=true",
        // AMQP, fixed rate, durable persistent topic (synchronous sends: ~1,100 msgs/s here): latency from the intended send time
        "provider=amqp publishers.rate=300 delivery.durable=true delivery.persistent=true"})
    void everyMessageArrivesExactlyOnce(String settings) throws Exception {
        Path out = work.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", Jmsbench.scenario("smoke.yaml").toString(), "--out",
                out.toString(), "--set", "phases.warmup=1s", "--set", "phases.measure=3s"));
        for (String kv : settings.split(" ")) {
            args.add("--set");
            args.add(kv);
        }
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(150), args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.stdout() + run.stderr());

        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, "smoke"));
        JsonNode point = report.path("points").get(0);
        // acknowledgements and commits that wait for the broker stay off the thread that reads its replies
        String listener = report.path("environment").path("providerSettings").path("subscriberListener").asText();
        assertEquals(settings.contains("provider=amqp") ? "" : "on a session thread (alwaysSessionAsync=true)", listener);
        double expected = point.path("replicationGrade").path("expected").asDouble();
        assertEquals(expected, point.path("replicationGrade").path("measured").asDouble(), expected * 0.01,
                point.path("drain").toString());
        JsonNode audit = point.path("audit");
        assertTrue(audit.path("auditedSubscribers").asInt() > 0, audit.toString());
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals(0, point.path("totals").path("sendErrors").asLong(), point.path("totals").toString());
        assertTrue(point.path("latency").path("count").asLong() > 0, "latency recorded");
        assertTrue(point.path("latency").path("p50").asDouble() <= point.path("latency").path("max").asDouble());
        assertTrue(Files.exists(Reports.onlyRunDirectory(out, "smoke").resolve("latency.hlog")));
        if (settings.contains("publishers.rate")) {
            assertTrue(point.path("latency").path("basis").asText().startsWith("from the intended send time"));
            // a publisher behind schedule (warm-up) catches up without skipping, so the window may run above the
            // rate; whether 2 shared cores keep 300 synchronous persistent sends a second beside other builds is the
            // host's (a killed-broker run here took 137 to 229 of 300 at a load average of 9), but a rate missed
            // must be said, and only then
            double rate = point.path("received").path("rate").asDouble();
            assertEquals(rate < 300 * 0.99, point.path("invalidReasons").toString().contains("missed the target rate"),
                    "the target rate missed if and only if the point says so: " + point.path("received") + " "
                            + point.path("invalidReasons"));
        }
    }

    @Test
    void aFullBrokerRefusingSendsIsCountedNotAHang() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(120), "run",
                Jmsbench.scenario("flow-control.yaml").toString(), "--out", out.toString(),
                "--set", "phases.measure=6s");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "flow-control")).path("points").get(0);
        assertTrue(point.path("totals").path("sendErrors").asLong() > 0, point.path("totals").toString());
        assertTrue(point.path("totals").path("lastSendError").asText().startsWith("ResourceAllocationException"),
                point.path("totals").toString());
        JsonNode perClient = point.path("totals").path("publisherClients");
        assertEquals(2, perClient.size());
        assertTrue(perClient.get(0).path("errors").asLong() > 0, perClient.toString());
        assertTrue(point.path("invalidReasons").toString().contains("send errors"));
    }
}
