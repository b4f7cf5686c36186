package io.jmsbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs a broker turns away, told in one sentence with exit code 3 and nothing written: nothing
 * answers at the URL, a login refused, a producer's link refused in the broker's own words. Moved
 * from {@link FaultIT} and {@link BrokerWordsIT}: they assert words, exit codes and files, never how
 * soon, so they run beside other classes (each broker binds free ports).
 */
@Timeout(180)
@SharesTheMachine
class RefusedRunsIT {

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"openwire, tcp", "amqp, amqp"})
    void brokerThatRefusesConnectionsGivesOneSentenceAndExitThree(String provider, String scheme) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String url = scheme + "://127.0.0.1:" + port;
        Path scenario = work.resolve("down.yaml");
        Files.writeString(scenario, "name: down\nprovider: " + provider + "\nbroker: {url: " + url + "}\n"
                + "phases: {warmup: 1s, measure: 2s, drain: 1s}\n");
        Path out = work.resolve("results");

        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), "run", scenario.toString(), "--out", out.toString());

        assertEquals(3, result.exit(), result.stdout() + result.stderr());
        // the words tell a refusal from the probe's timeout ("did not answer within 12 s"); the time a whole run
        // takes to say so is the host's (a new JVM: 2.5 to 5 s at a load average of 7 on these 2 cores)
        List<String> lines = result.stderr().strip().lines().toList();
        assertEquals(1, lines.size(), "one sentence: " + result.stderr());
        assertTrue(lines.get(0).startsWith("jmsbench: nothing answers at " + url + ": "), lines.get(0));
        assertFalse(result.stderr().contains("\tat "), "no stack trace");
        assertFalse(Files.exists(out), "nothing written under results/");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            // OpenWire carries the broker's sentence; an AMQP SASL outcome only a code, which Qpid JMS words
            "openwire | tcp  | User name [bench-user] or password is invalid.",
            "amqp     | amqp | Client failed to authenticate using SASL: PLAIN"})
    void aRefusedLoginGivesTheBrokersOwnWordsAndExitThreeAtOnce(String provider, String scheme, String words)
            throws Exception {
        try (GuardedBroker broker = GuardedBroker.start("bench-user", "right-password")) {
            String url = scheme.equals("tcp") ? broker.openwireUrl() : broker.amqpUrl();
            Path scenario = work.resolve("guarded.yaml");
            Files.writeString(scenario, "name: guarded\nprovider: " + provider + "\nbroker: {url: \"" + url + "\"}\n"
                    + "phases: {warmup: 1s, measure: 2s, drain: 1s}\n");
            Path out = work.resolve("results");

            Jmsbench.Result result = Jmsbench.start(work, java.util.Map.of("JMSBENCH_BROKER_USER", "bench-user",
                            "JMSBENCH_BROKER_PASSWORD", "wrong-password"), "run", scenario.toString(),
                    "--out", out.toString()).await(Duration.ofSeconds(60));

            assertEquals(3, result.exit(), result.stdout() + result.stderr());
            // a refusal, not a timeout: the broker's own words (the probe's timeout says "did not answer within
            // 12 s"); how long the whole run took, a new JVM's start included, is the host's
            List<String> lines = result.stderr().strip().lines().toList();
            assertEquals(1, lines.size(), "one sentence: " + result.stderr());
            assertEquals("jmsbench: the broker at " + url + " refused the login of bench-user: " + words, lines.get(0));
            assertFalse(result.stderr().contains("wrong-password"), "the password is never printed");
            assertFalse(Files.exists(out), "nothing written under results/");
        }
    }

    /** ActiveMQ over AMQP refusing the publishers' link to a queue the user may only read. */
    @Test
    void anActiveMqThatRefusesTheProducersLinkIsToldInItsOwnWords() throws Exception {
        Path scenario = work.resolve("refused.yaml");
        Files.writeString(scenario, """
                name: refused
                broker: {url: 'amqp://127.0.0.1:5672', kind: activemq}
                provider: amqp
                destination: {type: queue, name: bench.readonly}
                message: {type: bytes, size: 256}
                publishers: {clients: 1, rate: 100}
                subscribers:
                  - {clients: 1}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 1s, measure: 2s, drain: 5s}
                """);
        try (GuardedBroker broker = GuardedBroker.start("bench-user", "bench-pw", "bench.readonly")) {
            Jmsbench.Result result = Jmsbench.start(work, java.util.Map.of("JMSBENCH_BROKER_USER", "bench-user",
                    "JMSBENCH_BROKER_PASSWORD", "bench-pw"), "run", scenario.toString(), "--out",
                    work.resolve("results").toString(), "--set", "broker.url=" + broker.amqpUrl())
                    .await(Duration.ofSeconds(60));

            String said = result.stdout() + result.stderr();
            System.out.println("BrokerWordsIT activemq: exit " + result.exit() + " after " + result.took().toMillis()
                    + " ms\n" + said);
            assertEquals(3, result.exit(), said);
            assertTrue(said.contains("the broker refused it: User bench-user is not authorized to write to"),
                    said);
            assertTrue(said.contains("bench.readonly [condition = amqp:unauthorized-access]"), said);
            assertFalse(said.contains("timed out"), said);
            assertFalse(said.contains("\tat "), "no stack trace: " + said);
        }
    }

}
