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

/**
 * Request/reply's fields ({@code replyTo} of a publisher group, {@code reply} of a subscriber group),
 * refused through the real command line as {@link ScenarioValidationTest} refuses any field: exit
 * code 2, exactly the expected {@code FILE:LINE:COL: field: message} lines, nothing written; a
 * consequence of a mistake already told is not told again.
 */
@Timeout(60)
class RequestReplyValidationTest {

    private static final String FILE = "{file}";
    private static final String QUEUE = "destination: {type: queue, name: q}\n";
    private static final String RESPONDER = "subscribers:\n  - {clients: 1, reply: true}\n";

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

    static Stream<Case> badRequestReply() {
        return Stream.of(
                yaml("replyTo in a single publishers mapping",
                        "publishers: {clients: 1, replyTo: temporary}\n" + RESPONDER,
                        FILE + ":1:35: publishers.replyTo: expected replyTo only in a list of publisher groups "
                                + "(requesters are a group of their own: publishers: [{name: requesters, replyTo: "
                                + "temporary}]), found it in the mapping"),
                yaml("requests nothing answers",
                        QUEUE + "publishers:\n  - {clients: 1, replyTo: temporary}\n",
                        FILE + ":3:27: publishers[0].replyTo: expected a subscriber group with reply: true beside "
                                + "replyTo (nothing would answer the requests), found none"),
                yaml("responders without requests",
                        QUEUE + RESPONDER,
                        FILE + ":3:25: subscribers[0].reply: expected reply: true only with a publisher group that "
                                + "sets replyTo (no request would carry a JMSReplyTo), found none"),
                yaml("requests without stamps",
                        QUEUE + "message: {stamped: false}\npublishers:\n  - {clients: 1, replyTo: temporary}\n"
                                + RESPONDER,
                        FILE + ":4:27: publishers[0].replyTo: expected stamped messages with replyTo (a reply carries "
                                + "its request's stamps, by which the requester times and counts it), found "
                                + "message.stamped: false"),
                yaml("a fixed reply queue beside a correlation id of the scenario's",
                        QUEUE + "message: {correlationId: \"#0\"}\npublishers:\n  - {clients: 1, replyTo: {queue: r}}\n"
                                + RESPONDER,
                        FILE + ":4:27: publishers[0].replyTo: expected no message.correlationId with a fixed reply "
                                + "queue (the requester sets JMSCorrelationID itself to take only its own replies), "
                                + "found correlationId #0"),
                yaml("replies to the requests' own queue",
                        QUEUE + "publishers:\n  - {clients: 1, replyTo: {queue: q}}\n" + RESPONDER,
                        FILE + ":3:27: publishers[0].replyTo: expected a reply queue other than the requests' "
                                + "destination (replies would be taken as requests), found q"),
                yaml("two responders on one topic",
                        "destination: {type: topic, name: t}\npublishers:\n  - {clients: 1, replyTo: temporary}\n"
                                + "subscribers:\n  - {clients: 2, reply: true}\n",
                        FILE + ":5:3: subscribers: expected at most one responding subscriber per topic (each "
                                + "subscriber of a topic gets its own copy of a request and would answer it: the "
                                + "requester would count duplicate replies), found 2 on 1 topic; use a queue for "
                                + "competing responders"),
                yaml("a fixed reply queue over RabbitMQ's JMS client",
                        "broker: {url: 'amqp://127.0.0.1:5672', kind: rabbitmq}\nprovider: rabbitmq-jms\n" + QUEUE
                                + "publishers:\n  - {clients: 1, replyTo: {queue: r}}\n" + RESPONDER,
                        FILE + ":5:27: publishers[0].replyTo: expected replyTo: temporary with provider rabbitmq-jms "
                                + "(RabbitMQ's JMS client takes no selector on a queue, by which each requester takes "
                                + "its own replies from a fixed queue), found r as a fixed queue"),
                yaml("a misspelt temporary",
                        QUEUE + "publishers:\n  - {clients: 1, replyTo: temporay}\n" + RESPONDER,
                        FILE + ":3:27: publishers[0].replyTo: expected temporary or a mapping {queue: NAME}, found "
                                + "'temporay'"),
                yaml("a fixed reply queue without its name",
                        QUEUE + "publishers:\n  - {clients: 1, replyTo: {}}\n" + RESPONDER,
                        FILE + ":3:27: publishers[0].replyTo: expected queue: the fixed reply queue's name (or "
                                + "replyTo: temporary), found no queue"),
                yaml("reply not a boolean",
                        QUEUE + "publishers:\n  - {clients: 1, replyTo: {queue: r}}\nsubscribers:\n"
                                + "  - {clients: 1, reply: yes please}\n",
                        FILE + ":5:25: subscribers[0].reply: expected true or false, found 'yes please'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequestReply")
    void runRefusesWhatRequestReplyCannotServe(Case c) throws IOException {
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
    void validateAcceptsBothWaysOfReplying() throws IOException {
        for (String replyTo : List.of("temporary", "{queue: bench.replies}")) {
            Path file = Files.writeString(dir.resolve("ok.yaml"), QUEUE + "publishers:\n  - {clients: 2, rate: 100, "
                    + "replyTo: " + replyTo + "}\n  - {clients: 1, rate: 10}\n" + RESPONDER);

            Cli.Result result = Cli.execute("validate", file.toString());

            assertEquals("", result.err(), replyTo);
            assertEquals(ExitCodes.OK, result.exit(), replyTo);
        }
    }

}
