package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code message.timeToLive}, {@code priority}, {@code groups} and {@code deliveryDelay} refused
 * through the real command line as {@link ScenarioValidationTest} refuses any field: exit code 2,
 * exactly the expected {@code FILE:LINE:COL: field: message} lines, nothing written; and the
 * combinations a broker or provider would take without honouring them named with the reason.
 */
@Timeout(60)
class MessageHeaderValidationTest {

    private static final String FILE = "{file}";
    private static final String PRIORITY = "a JMS priority from 0 to 9";

    @TempDir
    Path dir;

    record Case(String name, String yaml, List<String> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case yaml(String name, String text, String... expected) {
        return new Case(name, text, List.of(expected));
    }

    static Stream<Case> badHeaders() {
        return Stream.of(
                yaml("a time to live without a unit",
                        "message:\n  timeToLive: 5\n",
                        FILE + ":2:15: message.timeToLive: expected a duration with a unit such as 10s, 500ms or 2m, "
                                + "found 5 (a number needs a unit)"),
                yaml("a time to live of zero, which JMS reads as never",
                        "message:\n  timeToLive: 0ms\n",
                        FILE + ":2:15: message.timeToLive: expected a duration of at least 1ms, found 0ms"),
                yaml("a priority above 9",
                        "message:\n  priority: 10\n",
                        FILE + ":2:13: message.priority: expected " + PRIORITY + ", or a mapping of one of uniform, "
                                + "weighted, lognormal, found 10"),
                yaml("a negative priority in a mix",
                        "message:\n  priority: {weighted: [{priority: -1, weight: 1}, {priority: 4, weight: 9}]}\n",
                        FILE + ":2:36: message.priority.weighted[0].priority: expected " + PRIORITY + ", found -1"),
                yaml("no groups",
                        "destination: {type: queue}\nmessage:\n  groups: 0\n",
                        FILE + ":3:11: message.groups: expected a whole number from 1 to 10000, found 0"),
                yaml("groups on a topic",
                        "destination: {type: topic}\nmessage:\n  groups: 4\n",
                        FILE + ":3:11: message.groups: expected groups with destination type queue (message groups "
                                + "decide which of a queue's consumers gets a message; a topic gives every subscriber "
                                + "every one), found destination type topic"),
                yaml("groups on RabbitMQ",
                        "broker: {url: 'amqp://h:5672'}\nprovider: rabbitmq-jms\ndestination: {type: queue}\n"
                                + "message:\n  groups: 4\n",
                        FILE + ":5:11: message.groups: expected no groups with RabbitMQ (it has no message groups: "
                                + "JMSXGroupID would be a property like any other), found groups: 4"),
                yaml("a delivery delay on RabbitMQ",
                        "broker: {url: 'amqp://h:5672'}\nprovider: rabbitmq-jms\nmessage:\n  deliveryDelay: 1s\n",
                        FILE + ":4:18: message.deliveryDelay: expected no deliveryDelay with RabbitMQ (it delays "
                                + "messages only through its delayed-message exchange plugin, which neither JMS "
                                + "client uses), found one"),
                yaml("a delivery delay on an external broker of no kind",
                        "broker: {url: 'tcp://h:61616'}\nmessage:\n  deliveryDelay: 1s\n",
                        FILE + ":3:18: message.deliveryDelay: expected broker.kind activemq or artemis with "
                                + "deliveryDelay (whether an external broker of no named kind honours a delivery delay "
                                + "cannot be checked), found no kind for tcp://h:61616"),
                yaml("a delivery delay on an external ActiveMQ",
                        "broker: {url: 'tcp://h:61616', kind: activemq}\nmessage:\n  deliveryDelay: 1s\n",
                        FILE + ":3:18: message.deliveryDelay: expected the embedded ActiveMQ or an Artemis with "
                                + "deliveryDelay (ActiveMQ Classic delays a message only with its schedulerSupport on, "
                                + "which jmsbench turns on in its own broker but cannot check on an external one; "
                                + "without it every message comes at once), found the external ActiveMQ tcp://h:61616"),
                yaml("a delivery delay to Artemis over OpenWire",
                        "broker: {embedded: artemis}\nprovider: openwire\nmessage:\n  deliveryDelay: 1s\n",
                        FILE + ":4:18: message.deliveryDelay: expected provider core or amqp with deliveryDelay on "
                                + "Artemis (JMS 2's delivery delay: ActiveMQ's OpenWire client cannot set one, and "
                                + "jmsbench has not checked Artemis's OpenWire acceptor with ActiveMQ's "
                                + "AMQ_SCHEDULED_DELAY), found provider openwire"),
                yaml("a delivery delay as long as the drain",
                        "message:\n  deliveryDelay: 10s\nphases: {drain: 10s}\n",
                        FILE + ":2:18: message.deliveryDelay: expected a deliveryDelay shorter than phases.drain (10s; "
                                + "the last messages sent arrive that much after the publishers stop), found 10s"),
                yaml("a time to live no longer than the delay",
                        "message:\n  deliveryDelay: 2s\n  timeToLive: 2s\n",
                        FILE + ":3:15: message.timeToLive: expected a timeToLive longer than deliveryDelay (2s; a "
                                + "message's time to live runs from its send, so every one would expire before it is "
                                + "delivered), found 2s"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badHeaders")
    void runRefusesBadHeaders(Case c) throws IOException {
        Path file = dir.resolve("scenario.yaml");
        Files.writeString(file, c.yaml());
        Path out = dir.resolve("results");

        Cli.Result result = Cli.execute("run", file.toString(), "--out", out.toString());

        String expected = String.join(System.lineSeparator(), c.expected()).replace(FILE, file.toString())
                + System.lineSeparator();
        assertEquals(expected, result.err(), "stderr");
        assertEquals(ExitCodes.BAD_INPUT, result.exit(), "exit code");
        assertFalse(result.err().contains("Exception"), "exception on stderr");
        assertFalse(Files.exists(out), "nothing may be written to " + out);
    }

    @Test
    void validateAcceptsEachHeaderWhereItIsHonoured() throws IOException {
        for (String yaml : List.of(
                "message: {timeToLive: 2s, priority: 7}\n",
                "message: {priority: {weighted: [{priority: 9, weight: 1}, {priority: 4, weight: 9}]}}\n",
                "destination: {type: queue}\nmessage: {groups: 8}\n",
                "message: {deliveryDelay: 500ms, timeToLive: 5s}\n",
                "broker: {embedded: activemq}\nprovider: amqp\nmessage: {deliveryDelay: 500ms}\n",
                "broker: {embedded: artemis}\nprovider: core\nmessage: {deliveryDelay: 500ms}\n",
                "broker: {url: 'tcp://h:61616', kind: artemis}\nprovider: core\nmessage: {deliveryDelay: 500ms}\n")) {
            Path file = Files.writeString(dir.resolve("ok.yaml"), yaml);

            Cli.Result result = Cli.execute("validate", file.toString());

            assertEquals("", result.err(), yaml);
            assertEquals(ExitCodes.OK, result.exit(), yaml);
        }
    }

    @Test
    void everyCaseIsDistinct() {
        List<Case> cases = badHeaders().toList();
        assertEquals(cases.size(), cases.stream().map(Case::name).distinct().count(), "case names repeat");
        assertEquals(cases.size(), cases.stream().map(Case::expected).distinct().count(), "expected texts repeat");
        assertTrue(cases.size() >= 13, "a case for every refusal of the message headers, found " + cases.size());
    }

}
