package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs over TLS against {@code jmsbench broker --tls-keystore} (ActiveMQ over OpenWire and AMQP,
 * Artemis over CORE) and against Debian's RabbitMQ (rabbitmq-jms and AMQP 1.0 on its TLS listener,
 * which wants a client certificate), with a client certificate the broker asks for, and the three
 * certificates a client must refuse: one its truststore does not lead to, an expired one and one for
 * another host.
 *
 * <p>Its tests go two at a time ({@code @Execution(CONCURRENT)} on each, as in PatternsIT), and the
 * class may run beside another that shares the machine: none
 * asserts a verdict or a rate, only what TLS negotiated, that messages went through without errors,
 * and the exact sentence of a refusal; each ActiveMQ or Artemis test has its own broker on free
 * ports (but two that need the same one, which a refused client leaves as it was), and the RabbitMQ
 * node they share counts nothing the tests compare.
 */
@Timeout(600)
@Order(Integer.MAX_VALUE - 1) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
class TlsIT {

    private static final String TRUST_ENV = "JMSBENCH_IT_TRUST_PW";
    private static final String KEY_ENV = "JMSBENCH_IT_KEY_PW";
    private static final Map<String, String> ENV = Map.of(TRUST_ENV, TestCertificates.PASSWORD,
            KEY_ENV, TestCertificates.PASSWORD);

    @TempDir
    static Path keys;
    static TestCertificates.Stores stores;

    /** One RabbitMQ node for the RabbitMQ tests, whose start-up would be most of each one's time. */
    private static DebianRabbitMq rabbit;
    /**
     * One ActiveMQ with the server's certificate and no client certificate asked for, for the two tests that
     * need that one: an AMQP run, and a client whose truststore does not lead to it (refused on its side).
     */
    private static JmsbenchBroker activeMq;

    @TempDir
    Path work;

    @BeforeAll
    static void makeCertificates() throws Exception {
        stores = TestCertificates.make(keys.resolve("pki"));
    }

    @AfterAll
    static void stopBrokers() throws InterruptedException {
        if (rabbit != null) {
            rabbit.close();
        }
        if (activeMq != null) {
            activeMq.close();
        }
    }

    /** {@link #activeMq}, started by the first test that needs it. */
    private static synchronized JmsbenchBroker activeMqOverTls() throws Exception {
        if (activeMq == null) {
            activeMq = tlsBroker(keys, "activemq", stores.serverKeyStore(), null);
        }
        return activeMq;
    }

    /** Debian's RabbitMQ with a TLS listener that asks every client for a certificate (started once). */
    private static synchronized DebianRabbitMq rabbitOverTls() throws Exception {
        if (rabbit == null) {
            rabbit = DebianRabbitMq.start(keys.resolve("rabbitmq"), new DebianRabbitMq.Tls(stores.caCertificatePem(),
                    stores.serverCertificatePem(), TestCertificates.pemKey(stores.serverKeyStore()), true));
        }
        return rabbit;
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void anOpenWireRunOverTlsWithAClientCertificateSaysWhatItNegotiated() throws Exception {
        try (JmsbenchBroker broker = tlsBroker(work, "activemq", stores.serverKeyStore(), stores.trustStore())) {
            JsonNode report = runValid("openwire", broker.urls().path("openwire").asText(), stores.trustStore(), true);
            JsonNode tls = report.path("environment").path("broker").path("tls");
            assertEquals("TLSv1.3", tls.path("protocol").asText(), tls.toString());
            assertTrue(tls.path("cipherSuite").asText().startsWith("TLS_"), tls.toString());
            assertTrue(tls.path("clientCertificate").asBoolean());
            System.out.println("TlsIT openwire: " + tls);
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void anAmqpRunOverTlsAgainstActiveMq() throws Exception {
        JsonNode report = runValid("amqp", activeMqOverTls().urls().path("amqp").asText(), stores.trustStore(), false);
        assertEquals("TLSv1.3", report.path("environment").path("broker").path("tls").path("protocol").asText());
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aCoreRunOverTlsAgainstArtemisWithAClientCertificate() throws Exception {
        try (JmsbenchBroker broker = tlsBroker(work, "artemis", stores.serverKeyStore(), stores.trustStore())) {
            // kind: artemis, so that its own counts are read over the same TLS, client certificate and all
            JsonNode report = runValid("core", broker.urls().path("core").asText(), stores.trustStore(), true,
                    List.of("  kind: artemis"));
            JsonNode tls = report.path("environment").path("broker").path("tls");
            assertEquals("TLSv1.3", tls.path("protocol").asText(), tls.toString());
            JsonNode point = report.path("points").get(0);
            assertTrue(point.path("brokerCounts").path("source").asText().startsWith("artemis management"),
                    point.path("brokerCounts").toString() + " " + point.path("findings"));
            assertEquals(point.path("totals").path("sent").asLong(), point.path("brokerCounts").path("enqueued").asLong(),
                    () -> point.path("brokerCounts") + " beside " + point.path("totals"));
            System.out.println("TlsIT core: " + tls);
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aRabbitMqJmsRunOverTlsWithAClientCertificateSaysWhatItNegotiated() throws Exception {
        DebianRabbitMq node = rabbitOverTls();
        JsonNode report = runValid("rabbitmq-jms", node.tlsUrl(), stores.trustStore(), true, rabbitMq(node));
        JsonNode tls = report.path("environment").path("broker").path("tls");
        assertTrue(tls.path("protocol").asText().matches("TLSv1\\.[23]"), tls.toString());
        assertTrue(tls.path("cipherSuite").asText().startsWith("TLS_"), tls.toString());
        assertTrue(tls.path("clientCertificate").asBoolean(), tls.toString());
        assertTrue(tls.path("peer").asText().contains("CN=server"), tls.toString());
        JsonNode counts = report.path("points").get(0).path("brokerCounts");
        assertTrue(counts.path("source").asText().startsWith("rabbitmq management API"), counts.toString());
        System.out.println("TlsIT rabbitmq-jms: " + tls);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aRabbitMqThatWantsAClientCertificateRefusesAClientWithoutOne() throws Exception {
        DebianRabbitMq node = rabbitOverTls();
        Jmsbench.Result result = refused("rabbitmq-jms", node.tlsUrl(), stores.trustStore(), rabbitMq(node));
        String sentence = result.stderr().strip();
        // over TLS 1.3 the reset comes after the client's handshake: the TLS probe or the JMS probe sees it
        assertTrue(sentence.startsWith("jmsbench: the broker at " + node.tlsUrl() + " "), sentence);
        assertTrue(sentence.endsWith(" (a broker that wants a client certificate ends the TLS session so when it gets "
                + "none: broker.tls.keyStore)"), sentence);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void anAmqpRunOverTlsAgainstRabbitMqsAmqp10Plugin() throws Exception {
        DebianRabbitMq node = rabbitOverTls();
        JsonNode report = runValid("amqp", node.tlsUrl(), stores.trustStore(), true, rabbitMq(node));
        JsonNode tls = report.path("environment").path("broker").path("tls");
        assertTrue(tls.path("protocol").asText().matches("TLSv1\\.[23]"), tls.toString());
        assertTrue(tls.path("cipherSuite").asText().startsWith("TLS_"), tls.toString());
        System.out.println("TlsIT rabbitmq amqp: " + tls);
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aRabbitMqCertificateTheTruststoreDoesNotTrustIsOneSentenceAndExit3() throws Exception {
        DebianRabbitMq node = rabbitOverTls();
        Jmsbench.Result result = refused("rabbitmq-jms", node.tlsUrl(), stores.otherTrustStore(), rabbitMq(node));
        assertEquals("jmsbench: the broker at " + node.tlsUrl() + " presented a certificate that the truststore "
                + stores.otherTrustStore() + " does not trust (no certification path to it)", result.stderr().strip());
    }

    /** The broker lines RabbitMQ's runs add: its kind (the AMQP 1.0 addresses) and its management API. */
    private static List<String> rabbitMq(DebianRabbitMq node) {
        return List.of("  kind: rabbitmq", "  management: {url: '" + node.managementUrl() + "'}");
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aBrokerCertificateTheTruststoreDoesNotTrustIsOneSentenceAndExit3() throws Exception {
        String url = activeMqOverTls().urls().path("openwire").asText();
        Jmsbench.Result result = refused("openwire", url, stores.otherTrustStore());
        assertEquals("jmsbench: the broker at " + url + " presented a certificate that the truststore "
                + stores.otherTrustStore() + " does not trust (no certification path to it)",
                result.stderr().strip());
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void anExpiredBrokerCertificateIsOneSentenceAndExit3() throws Exception {
        try (JmsbenchBroker broker = tlsBroker(work, "activemq", stores.expiredServerKeyStore(), null)) {
            String url = broker.urls().path("openwire").asText();
            Jmsbench.Result result = refused("openwire", url, stores.trustStore());
            assertTrue(result.stderr().strip().startsWith("jmsbench: the broker at " + url
                    + " presented an expired certificate (NotAfter: "), result.stderr());
        }
    }

    @Test
    @Execution(ExecutionMode.CONCURRENT)
    void aBrokerCertificateForAnotherHostIsOneSentenceAndExit3() throws Exception {
        try (JmsbenchBroker broker = tlsBroker(work, "activemq", stores.wrongHostServerKeyStore(), null)) {
            String url = broker.urls().path("openwire").asText();
            String host = url.replaceFirst("^ssl://", "").replaceFirst(":\\d+$", "");
            Jmsbench.Result result = refused("openwire", url, stores.trustStore());
            assertTrue(result.stderr().strip().startsWith("jmsbench: the certificate of the broker at " + url
                    + " is not for host " + host + " ("), result.stderr());
            assertTrue(result.stderr().strip().endsWith("; verifyHost: false skips this check"), result.stderr());
        }
    }

    /** A short run that must complete with messages through and no error; its report, checked for passwords. */
    private JsonNode runValid(String provider, String url, Path trustStore, boolean clientCertificate)
            throws Exception {
        return runValid(provider, url, trustStore, clientCertificate, List.of());
    }

    /** As above, with {@code brokerLines} added to the scenario's broker section. */
    private JsonNode runValid(String provider, String url, Path trustStore, boolean clientCertificate,
                              List<String> brokerLines) throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.start(work, ENV, "run", scenario(provider, url, trustStore,
                clientCertificate, brokerLines).toString(), "--out", out.toString()).await(Duration.ofSeconds(180));
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        System.out.println(result.stdout());
        Path run = Reports.onlyRunDirectory(out, "tls");
        JsonNode report = Reports.read(run);
        JsonNode point = report.path("points").get(0);
        assertTrue(point.path("dispatched").path("messages").asLong() > 0, point.toString());
        assertEquals(0, point.path("totals").path("sendErrors").asLong(), point.path("totals").toString());
        assertEquals(0, point.path("totals").path("receiveErrors").asLong(), point.path("totals").toString());
        assertTrue(point.path("environment").path("providerSettings").path("tls").asText().startsWith("on: "),
                point.path("environment").toString());
        assertNoPassword(run, result);
        return report;
    }

    private Jmsbench.Result refused(String provider, String url, Path trustStore) throws Exception {
        return refused(provider, url, trustStore, List.of());
    }

    private Jmsbench.Result refused(String provider, String url, Path trustStore, List<String> brokerLines)
            throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.start(work, ENV, "run", scenario(provider, url, trustStore, false,
                brokerLines).toString(), "--out", out.toString()).await(Duration.ofSeconds(60));
        assertEquals(3, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        assertEquals(1, result.stderr().strip().lines().count(), "one line, no stack trace:\n" + result.stderr());
        assertFalse(Files.exists(out), "nothing written under results/");
        System.out.println("TlsIT refused: " + result.stderr().strip());
        return result;
    }

    /** The scenario: the truststore's password from the environment, the client key's from a file. */
    private Path scenario(String provider, String url, Path trustStore, boolean clientCertificate,
                          List<String> brokerLines) throws IOException {
        Path passwordFile = work.resolve("key-password");
        Files.writeString(passwordFile, TestCertificates.PASSWORD + "\n");
        Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
        String key = clientCertificate ? ", keyStore: '" + stores.clientKeyStore() + "', keyStorePassword: 'file:"
                + passwordFile + "'" : "";
        Path file = work.resolve("tls-" + provider + ".yaml");
        List<String> lines = new ArrayList<>(List.of(
                "name: tls",
                "provider: " + provider,
                "broker:",
                "  url: '" + url + "'",
                "  tls: {trustStore: '" + trustStore + "', trustStorePassword: 'env:" + TRUST_ENV + "'" + key
                        + ", protocols: [TLSv1.3, TLSv1.2]}"));
        lines.addAll(brokerLines);
        lines.addAll(List.of(
                "destination: {type: topic, name: bench.tls}",
                "message: {type: bytes, size: 256}",
                "publishers: {clients: 1, rate: 500}",
                "subscribers:",
                "  - {clients: 1}",
                "phases: {warmup: 1s, measure: 3s, drain: 5s}",
                ""));
        Files.writeString(file, String.join("\n", lines));
        return file;
    }

    private static void assertNoPassword(Path run, Jmsbench.Result result) throws IOException {
        assertFalse((result.stdout() + result.stderr()).contains(TestCertificates.PASSWORD));
        List<Path> files;
        try (Stream<Path> walk = Files.walk(run)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(TestCertificates.PASSWORD),
                    "the password leaked into " + f);
        }
    }

    /** {@code jmsbench broker} of {@code kind} over TLS, asking for a client certificate when given a truststore. */
    private static JmsbenchBroker tlsBroker(Path work, String kind, Path keyStore, Path clientTrustStore)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("--tls-keystore", keyStore.toString(), "--tls-keystore-password",
                "env:" + KEY_ENV));
        if (clientTrustStore != null) {
            args.addAll(List.of("--tls-truststore", clientTrustStore.toString(), "--tls-truststore-password",
                    "env:" + TRUST_ENV));
        }
        return JmsbenchBroker.start(work, ENV, kind, args.toArray(String[]::new));
    }
}
