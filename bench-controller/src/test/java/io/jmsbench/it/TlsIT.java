package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs over TLS against {@code jmsbench broker --tls-keystore} (ActiveMQ over OpenWire and AMQP,
 * Artemis over CORE), with a client certificate the broker asks for, and the three certificates a
 * client must refuse: one its truststore does not lead to, an expired one and one for another host.
 */
@Timeout(600)
class TlsIT {

    private static final String TRUST_ENV = "JMSBENCH_IT_TRUST_PW";
    private static final String KEY_ENV = "JMSBENCH_IT_KEY_PW";
    private static final Map<String, String> ENV = Map.of(TRUST_ENV, TestCertificates.PASSWORD,
            KEY_ENV, TestCertificates.PASSWORD);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path keys;
    static TestCertificates.Stores stores;

    @TempDir
    Path work;

    @BeforeAll
    static void makeCertificates() throws Exception {
        stores = TestCertificates.make(keys.resolve("pki"));
    }

    @Test
    void anOpenWireRunOverTlsWithAClientCertificateSaysWhatItNegotiated() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "activemq", stores.serverKeyStore(), stores.trustStore())) {
            JsonNode report = runValid("openwire", broker.urls().path("openwire").asText(), stores.trustStore(), true);
            JsonNode tls = report.path("environment").path("broker").path("tls");
            assertEquals("TLSv1.3", tls.path("protocol").asText(), tls.toString());
            assertTrue(tls.path("cipherSuite").asText().startsWith("TLS_"), tls.toString());
            assertTrue(tls.path("clientCertificate").asBoolean());
            System.out.println("TlsIT openwire: " + tls);
        }
    }

    @Test
    void anAmqpRunOverTlsAgainstActiveMq() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "activemq", stores.serverKeyStore(), null)) {
            JsonNode report = runValid("amqp", broker.urls().path("amqp").asText(), stores.trustStore(), false);
            assertEquals("TLSv1.3", report.path("environment").path("broker").path("tls").path("protocol").asText());
        }
    }

    @Test
    void aCoreRunOverTlsAgainstArtemisWithAClientCertificate() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "artemis", stores.serverKeyStore(), stores.trustStore())) {
            JsonNode report = runValid("core", broker.urls().path("core").asText(), stores.trustStore(), true);
            JsonNode tls = report.path("environment").path("broker").path("tls");
            assertEquals("TLSv1.3", tls.path("protocol").asText(), tls.toString());
            System.out.println("TlsIT core: " + tls);
        }
    }

    @Test
    void aBrokerCertificateTheTruststoreDoesNotTrustIsOneSentenceAndExit3() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "activemq", stores.serverKeyStore(), null)) {
            String url = broker.urls().path("openwire").asText();
            Jmsbench.Result result = refused("openwire", url, stores.otherTrustStore());
            assertEquals("jmsbench: the broker at " + url + " presented a certificate that the truststore "
                    + stores.otherTrustStore() + " does not trust (no certification path to it)",
                    result.stderr().strip());
        }
    }

    @Test
    void anExpiredBrokerCertificateIsOneSentenceAndExit3() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "activemq", stores.expiredServerKeyStore(), null)) {
            String url = broker.urls().path("openwire").asText();
            Jmsbench.Result result = refused("openwire", url, stores.trustStore());
            assertTrue(result.stderr().strip().startsWith("jmsbench: the broker at " + url
                    + " presented an expired certificate (NotAfter: "), result.stderr());
        }
    }

    @Test
    void aBrokerCertificateForAnotherHostIsOneSentenceAndExit3() throws Exception {
        try (TlsBroker broker = TlsBroker.start(work, "activemq", stores.wrongHostServerKeyStore(), null)) {
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
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.start(work, ENV, "run", scenario(provider, url, trustStore,
                clientCertificate).toString(), "--out", out.toString()).await(Duration.ofSeconds(180));
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
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.start(work, ENV, "run", scenario(provider, url, trustStore, false).toString(),
                "--out", out.toString()).await(Duration.ofSeconds(60));
        assertEquals(3, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        assertEquals(1, result.stderr().strip().lines().count(), "one line, no stack trace:\n" + result.stderr());
        assertFalse(Files.exists(out), "nothing written under results/");
        System.out.println("TlsIT refused: " + result.stderr().strip());
        return result;
    }

    /** The scenario: the truststore's password from the environment, the client key's from a file. */
    private Path scenario(String provider, String url, Path trustStore, boolean clientCertificate) throws IOException {
        Path passwordFile = work.resolve("key-password");
        Files.writeString(passwordFile, TestCertificates.PASSWORD + "\n");
        String key = clientCertificate ? ", keyStore: '" + stores.clientKeyStore() + "', keyStorePassword: 'file:"
                + passwordFile + "'" : "";
        Path file = work.resolve("tls-" + provider + ".yaml");
        Files.writeString(file, String.join("\n",
                "name: tls",
                "provider: " + provider,
                "broker:",
                "  url: '" + url + "'",
                "  tls: {trustStore: '" + trustStore + "', trustStorePassword: 'env:" + TRUST_ENV + "'" + key
                        + ", protocols: [TLSv1.3, TLSv1.2]}",
                "destination: {type: topic, name: bench.tls}",
                "message: {type: bytes, size: 256}",
                "publishers: {clients: 1, rate: 500}",
                "subscribers:",
                "  - {clients: 1}",
                "phases: {warmup: 1s, measure: 3s, drain: 5s}",
                ""));
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

    /** {@code jmsbench broker} over TLS in its own JVM; closing it stops it. */
    private record TlsBroker(Process process, JsonNode urls) implements AutoCloseable {

        static TlsBroker start(Path work, String kind, Path keyStore, Path clientTrustStore) throws Exception {
            Path dir = Files.createTempDirectory(work, "broker-" + kind);
            Path ready = dir.resolve("ready.json");
            List<String> args = new ArrayList<>(List.of("broker", "--kind", kind, "--data-dir",
                    dir.resolve("data").toString(), "--ready-file", ready.toString(), "--tls-keystore",
                    keyStore.toString(), "--tls-keystore-password", "env:" + KEY_ENV));
            if (clientTrustStore != null) {
                args.addAll(List.of("--tls-truststore", clientTrustStore.toString(), "--tls-truststore-password",
                        "env:" + TRUST_ENV));
            }
            Jmsbench.Running running = Jmsbench.start(dir, ENV, args.toArray(String[]::new));
            try {
                BrokerProcess.await("jmsbench broker", running.process(), running.stderr(), Duration.ofSeconds(60),
                        () -> Files.exists(ready));
                return new TlsBroker(running.process(), JSON.readTree(ready.toFile()));
            } catch (Exception | AssertionError e) {
                running.process().destroyForcibly();
                throw e;
            }
        }

        @Override
        public void close() {
            process.destroy();
            try {
                if (!process.waitFor(BrokerProcess.STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
