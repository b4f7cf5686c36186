package io.jmsbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A broker that refuses a destination at run time is told in its own words, at once: Debian's
 * RabbitMQ with the scenario's queue declared earlier with another argument (x-max-length), so
 * that the clients' declaration fails with PRECONDITION_FAILED, over AMQP 1.0 (qpid-jms: RabbitMQ
 * 3.10's plugin refuses the link with amqp:precondition-failed) and over rabbitmq-jms (where the
 * reply text hides under an IOException). It asserts how soon, but only as "before qpid-jms's own
 * 30 s timeout" (within 25 s), which a refusal at once passes many times over: each run ended in 7 to
 * 10 s at a load average of 20 here. So it shares the machine, its RabbitMQ node on free ports and
 * under its own directory; ActiveMQ over AMQP refusing a producer's link is {@link RefusedRunsIT}.
 */
@Timeout(180)
@SharesTheMachine
class BrokerWordsIT {

    /** The argument RabbitMQ names first may be durable or x-max-length, as the client declares the queue. */
    private static final String INEQUIVALENT = "inequivalent arg '";

    @TempDir
    Path work;

    @Test
    void rabbitMqRefusingAQueueDeclaredOtherwiseIsToldInItsOwnWords() throws Exception {
        Path scenario = work.resolve("words.yaml");
        Files.writeString(scenario, """
                name: words
                broker: {url: 'amqp://127.0.0.1:5672', kind: rabbitmq}
                provider: amqp
                destination: {type: queue, name: bench.words}
                message: {type: bytes, size: 256}
                publishers: {clients: 1, rate: 100}
                subscribers:
                  - {clients: 1}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 1s, measure: 2s, drain: 5s}
                """);
        try (DebianRabbitMq rabbit = DebianRabbitMq.start(work.resolve("rabbitmq"))) {
            declareWithMaxLength(rabbit, "bench.words");
            for (String provider : new String[] {"amqp", "rabbitmq-jms"}) {
                Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), "run", scenario.toString(),
                        "--out", work.resolve("results-" + provider).toString(), "--set", "broker.url=" + rabbit.url(),
                        "--set", "provider=" + provider);

                String said = result.stdout() + result.stderr();
                System.out.println("BrokerWordsIT " + provider + ": exit " + result.exit() + " after "
                        + result.took().toMillis() + " ms\n" + said);
                assertEquals(3, result.exit(), said);
                assertTrue(said.contains("PRECONDITION_FAILED - " + INEQUIVALENT), said);
                assertTrue(said.contains("the broker refused it: "), said);
                assertFalse(said.contains("timed out"), said);
                assertFalse(said.contains("\tat "), "no stack trace: " + said);
                assertTrue(result.took().compareTo(Duration.ofSeconds(25)) < 0,
                        "told before qpid-jms's 30 s request timeout: " + result.took());
            }
        }
    }

    /** The queue as someone declared it before the run: durable, at most 10 messages. */
    private static void declareWithMaxLength(DebianRabbitMq rabbit, String queue) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(rabbit.managementUrl() + "/api/queues/%2F/" + queue))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString("guest:guest"
                        .getBytes(StandardCharsets.UTF_8)))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"durable\":true,\"arguments\":{\"x-max-length\":10}}"))
                .build();
        HttpResponse<String> response = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
        assertTrue(response.statusCode() == 201 || response.statusCode() == 204, response.statusCode() + " "
                + response.body());
    }
}
