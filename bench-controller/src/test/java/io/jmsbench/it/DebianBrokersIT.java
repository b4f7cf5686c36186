package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scenarios/rabbitmq.yaml against the brokers people already run, as Debian packages them:
 * rabbitmq-server over rabbitmq-jms and over AMQP 1.0, activemq over OpenWire (and AMQP where the
 * package has the module). Each RabbitMQ test starts its own node on ports of its own and ends it:
 * the counts a test checks are the change of node-wide counters that RabbitMQ publishes up to 5 s late,
 * so an earlier test's messages on a shared node were seen counted in the next one's point (678 of
 * them, once). The two RabbitMQ tests that read no broker counts (selectors on a topic, request/reply
 * on a queue of its own) share one node, started by the first of them (a node's start is most of a
 * test's time). The ActiveMQ tests share one broker, started by the first and ended after the last (a
 * start is most of a test's time): its JMX counters are its destinations' own and live, and each
 * test's are the change over its own point. Where the package cannot be installed or started the
 * test is skipped and says why. Short fixed phases at a modest target rate: the point is that
 * messages flow and the report names the broker, not a figure.
 */
@Timeout(150)
@Order(4) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
class DebianBrokersIT {

    @TempDir
    static Path brokers;
    private static DebianActiveMq activeMqBroker;
    private static DebianRabbitMq uncountedRabbitMq;

    @TempDir
    Path work;
    /** Whether the run leaves broker.kind out, for the broker to tell it. */
    private boolean kindLearned;

    /** Debian's ActiveMQ, started once for the class. */
    private static DebianActiveMq activeMq() throws Exception {
        if (activeMqBroker == null) {
            activeMqBroker = DebianActiveMq.start(brokers.resolve("activemq"));
        }
        return activeMqBroker;
    }

    /**
     * Debian's RabbitMQ for the tests that read none of its node-wide counters, started once for them:
     * their runs use destinations of their own, so one's messages are nothing the other checks.
     */
    private static DebianRabbitMq uncountedRabbitMq() throws Exception {
        if (uncountedRabbitMq == null) {
            uncountedRabbitMq = DebianRabbitMq.start(brokers.resolve("rabbitmq-uncounted"));
        }
        return uncountedRabbitMq;
    }

    @AfterAll
    static void stopActiveMq() throws Exception {
        if (activeMqBroker != null) {
            activeMqBroker.close();
        }
        if (uncountedRabbitMq != null) {
            uncountedRabbitMq.close();
        }
    }

    @Test
    void rabbitMqOverItsOwnJmsClient() throws Exception {
        try (DebianRabbitMq rabbit = DebianRabbitMq.start(work.resolve("rabbitmq"))) {
            JsonNode report = runShort(rabbit.url(), "rabbitmq", "rabbitmq-jms", "--set",
                    "broker.management.url=" + rabbit.managementUrl());
            assertTrue(report.path("environment").path("providerSettings").path("client").asText()
                    .startsWith("rabbitmq-jms "), report.path("environment").path("providerSettings").toString());
            assertSeenFromInside(report, "beam.smp", -1, "rabbitmq management API");
            DebianBrokerCounts.backlogCountsStand(work, rabbit);
        }
    }

    /** The rabbitmq_jms_topic_exchange plugin applies the selectors: one group gets every message, the other none. */
    @Test
    void rabbitMqJmsSelectorsOnATopic() throws Exception {
        Path scenario = work.resolve("rabbitmq-selectors.yaml");
        java.nio.file.Files.writeString(scenario, """
                name: rabbitmq-selectors
                broker: {url: 'amqp://127.0.0.1:5672', kind: rabbitmq}
                provider: rabbitmq-jms
                destination: {type: topic, name: bench.selectors}
                message: {type: bytes, size: 256, properties: 1, values: "#0"}
                publishers: {clients: 1, rate: 1000}
                subscribers:
                  - {clients: 1, selector: "P1 = '#0'"}
                  - {clients: 1, selector: "P1 = '#1'"}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 2s, measure: 3s, drain: 10s}
                """);
        DebianRabbitMq rabbit = uncountedRabbitMq();
        JsonNode point = run(scenario, "rabbitmq-selectors", rabbit.url(), "rabbitmq", "rabbitmq-jms")
                .path("points").get(0);
        assertEquals(1.0, point.path("replicationGrade").path("expected").asDouble(), 0.0);
    }

    /** Without broker.kind: the AMQP 1.0 open frame names RabbitMQ, and its management API is read. */
    @Test
    void rabbitMqOverAmqp10() throws Exception {
        kindLearned = true;
        try (DebianRabbitMq rabbit = DebianRabbitMq.start(work.resolve("rabbitmq"))) {
            JsonNode report = runShort(rabbit.url(), "rabbitmq", "amqp", "--set",
                    "broker.management.url=" + rabbit.managementUrl());
            assertSeenFromInside(report, "beam.smp", -1, "rabbitmq management API");
            JsonNode broker = report.path("environment").path("broker");
            assertEquals("the AMQP 1.0 open frame", broker.path("kindSource").asText(), broker.toString());
            assertTrue(broker.path("version").asText().startsWith("3."), broker.toString());
        }
    }

    @Test
    void activeMqOverOpenWire() throws Exception {
        DebianActiveMq activemq = activeMq();
        // saturated, so that the judge asks whether the broker's CPU was measured
        JsonNode report = runShort(activemq.openwireUrl(), "activemq", "openwire", "--set",
                "broker.management.url=" + activemq.jmxUrl(), "--set", "publishers.rate=max");
        assertSeenFromInside(report, "java", activemq.pid(), "activemq JMX");
        KeptRuns.keep(Reports.onlyRunDirectory(work.resolve("results"), "rabbitmq"), "debian-activemq"); // ReportHtmlIT
    }

    /**
     * The same broker's statistics through Jolokia, as a stock ActiveMQ's web console serves them
     * (Debian's package has no console: the test attaches Jolokia's JVM agent), with the scenario's
     * default login and an Origin-checking policy: the broker's counts equal the clients'.
     */
    @Test
    void activeMqThroughJolokia() throws Exception {
        kindLearned = true; // a Jolokia URL is read as one only for an ActiveMQ: OpenWire's BrokerInfo tells it
        DebianActiveMq activemq = activeMq();
        String jolokia = activemq.jolokiaUrl().orElseThrow(() -> new AssertionError("no Jolokia agent to attach "
                + "(jolokia.agent=" + System.getProperty("jolokia.agent") + "; bench-controller's pom copies it)"));
        JsonNode report = runShort(activemq.openwireUrl(), "activemq", "openwire", "--set",
                "broker.management.url=" + jolokia);
        assertSeenFromInside(report, "java", activemq.pid(), "activemq Jolokia");
        JsonNode broker = report.path("environment").path("broker");
        assertTrue(broker.path("kindSource").asText().startsWith("OpenWire's BrokerInfo (broker id ID:"),
                broker.toString());
        assertTrue(broker.path("version").asText().startsWith("5."), broker.toString());
    }

    /**
     * By its URL alone: OpenWire tells it is an ActiveMQ, whose management is looked for at its
     * defaults (JMX on 1099, a web console's Jolokia on 8161); Debian's has neither there, and the
     * note says so for each.
     */
    @Test
    void activeMqByUrlAloneIsKnownAndSaysWhereItsManagementWasLookedFor() throws Exception {
        kindLearned = true;
        JsonNode point = runShort(activeMq().openwireUrl(), "activemq", "openwire").path("points").get(0);
        String findings = point.path("findings").toString();
        assertTrue(findings.contains("BROKER_MANAGEMENT_NOT_READ") && findings.contains("1099/jmxrmi")
                && findings.contains(":8161/api/jolokia"), findings);
    }

    /** Leftovers on a queue: found by a point that does not purge, emptied by one that does. */
    @Test
    void activeMqLeftoversAreFoundAndPurged() throws Exception {
        DebianActiveMq activemq = activeMq();
        DebianBrokerCounts.leftoversFoundAndPurged(work, activemq, more -> runShort(activemq.openwireUrl(), "activemq",
                "openwire", more));
    }

    @Test
    void activeMqOverAmqp10() throws Exception {
        String noModule = "Debian's activemq package ships no activemq-amqp module (nor proton-j): it has no AMQP connector";
        // known before a start when the package is here already: spares the broker's start-up
        Skip.unless(!java.nio.file.Files.exists(DebianActiveMq.LAUNCHER) || DebianActiveMq.hasAmqpModule(), () -> noModule);
        DebianActiveMq activemq = activeMq();
        Skip.unless(activemq.amqpUrl().isPresent(), () -> noModule);
        runShort(activemq.amqpUrl().orElseThrow(), "activemq", "amqp");
    }

    /**
     * Request/reply over RabbitMQ's own JMS client, on temporary reply queues (the client takes no
     * selector on a queue, so a fixed reply queue is refused with that reason): every request is
     * answered once, to its own requester, and the round trips are measured. The responders must not
     * declare the requesters' exclusive temporary queues, which the broker refuses (RESOURCE_LOCKED).
     */
    @Test
    void rabbitMqRequestReply() throws Exception {
        Path scenario = work.resolve("rabbitmq-request-reply.yaml");
        java.nio.file.Files.writeString(scenario, """
                name: rabbitmq-request-reply
                broker: {url: 'amqp://127.0.0.1:5672', kind: rabbitmq}
                provider: rabbitmq-jms
                destination: {type: queue, name: bench.requests}
                message: {type: bytes, size: 256}
                publishers:
                  - {name: requesters, clients: 2, rate: 250, replyTo: temporary}
                subscribers:
                  - {clients: 2, reply: true}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 2s, measure: 5s, drain: 10s}
                """);
        DebianRabbitMq rabbit = uncountedRabbitMq();
        JsonNode point = run(scenario, "rabbitmq-request-reply", rabbit.url(), "rabbitmq", "rabbitmq-jms")
                .path("points").get(0);
        JsonNode roundTrip = point.path("roundTrip");
        assertTrue(roundTrip.path("requests").asLong() > 0, roundTrip.toString());
        assertEquals(roundTrip.path("requests").asLong(), roundTrip.path("replies").asLong(), roundTrip.toString());
        assertEquals(0, roundTrip.path("unanswered").asLong(), roundTrip.toString());
        assertTrue(roundTrip.path("latency").path("count").asLong() > 0, roundTrip.toString());
        System.out.printf("request-reply on RabbitMQ (rabbitmq-jms, temporary reply queues): round trip p50 %.0f "
                + "µs, p99 %.0f µs, p99.9 %.0f µs%n", roundTrip.path("latency").path("p50").asDouble(),
                roundTrip.path("latency").path("p99").asDouble(), roundTrip.path("latency").path("p999").asDouble());
    }

    /** rabbitmq.yaml, one client a side at a modest rate for 2 s + 3 s, then {@code more} overrides. */
    private JsonNode runShort(String url, String kind, String provider, String... more) throws Exception {
        List<String> overrides = new java.util.ArrayList<>(List.of("--set", "publishers.clients=1",
                "--set", "subscribers[0].clients=1", "--set", "publishers.rate=2000", "--set", "phases.warmup=2s",
                "--set", "phases.measure=3s"));
        overrides.addAll(List.of(more));
        return run(Jmsbench.scenario("rabbitmq.yaml"), "rabbitmq", url, kind, provider, overrides.toArray(String[]::new));
    }

    /**
     * The broker seen from inside: its process found by its port ({@code command}, and {@code pid}
     * unless -1) and its CPU measured; its own counts read through its management interface
     * ({@code source}) and agreeing with the clients'.
     */
    private static void assertSeenFromInside(JsonNode report, String command, long pid, String source) {
        JsonNode process = report.path("environment").path("broker").path("process");
        assertEquals(command, process.path("command").asText(), process.toString());
        if (pid > 0) {
            assertEquals(pid, process.path("pid").asLong(), process.toString());
        }
        JsonNode point = report.path("points").get(0);
        String findings = point.path("findings").toString();
        for (String code : List.of("BROKER_CPU_NOT_MEASURED", "BROKER_COUNTS_NOT_READ", "BROKER_COUNT_MISMATCH",
                "BROKER_MANAGEMENT_NOT_READ")) {
            assertFalse(findings.contains(code), code + ": " + findings);
        }
        assertTrue(point.path("cpu").path("brokerCores").asDouble() > 0, () -> "broker CPU: " + point.path("cpu"));
        JsonNode counts = point.path("brokerCounts");
        assertTrue(counts.path("source").asText().startsWith(source), counts.toString());
        long sent = point.path("totals").path("sent").asLong();
        assertEquals(sent, counts.path("enqueued").asLong(), () -> "in: " + counts + " beside " + point.path("totals"));
        assertEquals(point.path("totals").path("received").asLong(), counts.path("dequeued").asLong(),
                () -> "acknowledged: " + counts + " beside " + point.path("totals"));
        // the broker's own depth, sampled beside the counts at the edges where the interface is live (JMX,
        // Jolokia): RabbitMQ's API gives figures up to 5 s old, so none are sampled from it
        boolean depth = false;
        for (JsonNode sample : point.path("samples")) {
            depth |= sample.path("brokerDepth").isIntegralNumber() && sample.path("brokerDepth").asLong() >= 0;
        }
        boolean live = !source.startsWith("rabbitmq");
        assertEquals(live, depth, () -> "the broker's depth per second (live: " + live + "): " + point.path("samples"));
        System.out.println("DebianBrokersIT " + source + ": clients " + point.path("totals") + ", broker " + counts
                + ", broker CPU " + point.path("cpu") + ", process " + process);
    }

    /**
     * Runs {@code scenario} (named {@code name}) against {@code url}; checks that it completed, delivered
     * every message it should once, and names the broker. Its kind is the scenario's ({@code --set
     * broker.kind}) unless a test set {@link #kindLearned}.
     */
    private JsonNode run(Path scenario, String name, String url, String kind, String provider, String... overrides)
            throws Exception {
        Path out = work.resolve("results");
        List<String> args = new java.util.ArrayList<>(List.of("run", scenario.toString(), "--out", out.toString(),
                "--set", "broker.url=" + url, "--set", "provider=" + provider));
        // else the broker tells its kind to the clients' protocol
        args.addAll(List.of("--set", "broker.kind=" + (kindLearned ? "null" : kind)));
        args.addAll(List.of(overrides));
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(90), args.toArray(String[]::new));
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        // RabbitMQ's JMS client reads its version from the jar's manifest; without it, it prints this and
        // tells the broker's selector exchange it is version 0.0.0
        assertFalse(result.stdout().contains("Running test version of RJMS Client"), result.stdout());

        JsonNode report = Reports.read(Reports.onlyRunDirectory(out, name));
        assertEquals("completed", report.path("status").asText());
        assertEquals(provider, report.path("scenario").path("provider").asText());
        JsonNode broker = report.path("environment").path("broker");
        assertEquals("external " + kind, broker.path("kind").asText(), broker.toString());
        if (!kindLearned) {
            assertEquals(kind, report.path("scenario").path("broker").path("kind").asText());
        }
        assertEquals(url, broker.path("url").asText());
        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("received").path("messages").asLong() > 0, () -> "received in the window: " + point);
        long sent = point.path("totals").path("sent").asLong();
        assertTrue(sent > 0, () -> "sent: " + point.path("totals"));
        long expected = Math.round(sent * point.path("replicationGrade").path("expected").asDouble());
        assertEquals(expected, point.path("totals").path("received").asLong(), () -> "every copy once: " + point);
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        return report;
    }

}
