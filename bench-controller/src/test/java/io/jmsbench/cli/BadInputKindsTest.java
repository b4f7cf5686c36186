package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kinds of bad input a hidden corpus found crashing the loader, echoing a secret or passing
 * validate to fail in run (issue 44): each through the real {@code validate} and {@code run},
 * in-process. Both must print the same one line, {@code FILE:LINE:COL: field: what was expected,
 * what was found}, exit 2, with no stack trace, no password and nothing written.
 */
@Timeout(120)
class BadInputKindsTest {

    private static final String FILE = "{file}";
    private static final String DIR = "{dir}";
    private static final String SECRET = "hunter2";
    /** The shipped quickstart's fields, each case adding or changing one. */
    private static final String BASE = "name: bad\ndestination: {type: topic, name: bench.bad}\n"
            + "phases: {warmup: 1s, measure: 1s, drain: 1s}\n";
    private static final String TLS = "broker:\n  url: 'ssl://localhost:61617'\n  tls:\n";
    private static final String EXTERNAL = "broker:\n  url: 'tcp://localhost:61616'\n";

    @TempDir
    Path dir;

    record Kind(String name, String yaml, byte[] bytes, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Kind kind(String name, String yaml, String expected) {
        return new Kind(name, BASE + yaml, null, expected);
    }

    static Stream<Kind> kinds() {
        String cpus = IntStream.range(0, 25_000).mapToObj(i -> Integer.toString(i % 2)).collect(Collectors.joining(","));
        return Stream.of(
                kind("a cpus list of 100 kB with one typo", "cpus: {broker: '0', clients: '" + cpus + "x'}\n",
                        FILE + ":4:30: cpus.clients: expected a Linux CPU list such as \"0-3\" or \"0,2,4-5\", found "
                                + "'0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1,...' (50000 characters)"),
                kind("a management URL that is not valid, with a password", EXTERNAL + "  management: {url: "
                                + "'http://admin:" + SECRET + "@bro ker:15672'}\n",
                        FILE + ":6:21: broker.management.url: expected an http(s):// URL (RabbitMQ's management API, "
                                + "or with kind activemq ActiveMQ's Jolokia), a service:jmx: URL (ActiveMQ's JMX) or a "
                                + "tcp:// URL (Artemis's management address, over its core protocol), found "
                                + "'http://admin:***@bro ker:15672'"),
                kind("a management entry written as a URL", EXTERNAL + "  management: 'http://admin:" + SECRET
                                + "@broker:15672'\n",
                        FILE + ":6:15: broker.management: expected a mapping of fields, found "
                                + "'http://admin:***@broker:15672'"),
                kind("a broker URL with a password in its query",
                        "provider: amqp\nbroker: {url: 'tcp://h:61616?jms.password=" + SECRET + "'}\n",
                        FILE + ":5:15: broker.url: expected a URL without a password in it (give the login with "
                                + "--broker-credentials: every report copies the URL), found one (not shown)"),
                kind("a management URL of Artemis with a user and password",
                        EXTERNAL + "  management: {url: 'tcp://admin:" + SECRET + "@localhost:61616'}\n",
                        FILE + ":6:21: broker.management.url: expected a URL without a user or password in it (give "
                                + "them as user and password: every report copies the URL), found one (not shown)"),
                kind("a value of 100 kB", "message: {type: '" + "b".repeat(100_000) + "'}\n",
                        FILE + ":4:17: message.type: expected one of bytes, text, map, found "
                                + "'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb...' (100000 characters)"),
                kind("a key of 100 kB", "? " + "k".repeat(100_000) + "\n: 1\n",
                        FILE + ":4:3: kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk... (100000 characters): unknown field, "
                                + "expected one of name, description, provider, broker, destination, message, "
                                + "publishers, subscribers, delivery, phases, validity, agents, cpus, faults, cases, "
                                + "compare, sweep, repeat, search, expect"),
                kind("a rate in Java's float syntax", "publishers: {rate: 1000f}\n",
                        FILE + ":4:20: publishers.rate: expected max (saturated), sustainable (found by a "
                                + "closed loop) or a total rate in msgs/s above 0, found '1000f'"),
                kind("a rate in Java's hexadecimal float syntax", "publishers: {rate: 0x1p10}\n",
                        FILE + ":4:20: publishers.rate: expected max (saturated), sustainable (found by a "
                                + "closed loop) or a total rate in msgs/s above 0, found '0x1p10'"),
                kind("an infinite rate", "publishers: {rate: .inf}\n",
                        FILE + ":4:20: publishers.rate: expected max (saturated), sustainable (found by a "
                                + "closed loop) or a total rate in msgs/s above 0, found '.inf'"),
                kind("an empty folder name for message bodies", "message: {size: {files: ''}}\n",
                        FILE + ":4:25: message.size.files: expected a folder of message bodies (relative to the "
                                + "scenario file's folder), found an empty string"),
                new Kind("bytes that are not UTF-8", null, (BASE + "description: caf\u00e9 \uFFFF\n")
                        .getBytes(StandardCharsets.UTF_8), null),
                kind("nesting deeper than 1,000", "x: " + "[".repeat(1_001) + "]".repeat(1_001) + "\n",
                        FILE + ":4:67: x[0][0][0][0][0][0][0][0][0][0][0][0][0]... (190 characters): expected at most "
                                + "64 levels of mappings and lists, found more"),
                kind("a truststore that does not exist", TLS + "    trustStore: " + DIR + "/none.p12\n",
                        FILE + ":7:17: broker.tls.trustStore: expected a PKCS12 or JKS truststore that opens with its "
                                + "password (run opens it before it starts), found that the truststore " + DIR
                                + "/none.p12 is not a readable file"),
                kind("a truststore that is a folder", TLS + "    trustStore: " + DIR + "\n",
                        FILE + ":7:17: broker.tls.trustStore: expected a PKCS12 or JKS truststore that opens with its "
                                + "password (run opens it before it starts), found that the truststore " + DIR
                                + " is not a readable file"),
                kind("a truststore that is not a store", TLS + "    trustStore: " + DIR + "/text.p12\n",
                        FILE + ":7:17: broker.tls.trustStore: expected a PKCS12 or JKS truststore that opens with its "
                                + "password (run opens it before it starts), found that the truststore " + DIR
                                + "/text.p12 is not a PKCS12 or JKS store"),
                kind("a truststore with the wrong password", TLS + "    trustStore: " + DIR + "/trust.p12\n"
                                + "    trustStorePassword: 'file:" + DIR + "/wrong'\n",
                        FILE + ":7:17: broker.tls.trustStore: expected a PKCS12 or JKS truststore that opens with its "
                                + "password (run opens it before it starts), found that the truststore " + DIR
                                + "/trust.p12 could not be read: wrong password, or a damaged file"),
                kind("a keystore with the wrong password", TLS + "    keyStore: " + DIR + "/trust.p12\n"
                                + "    keyStorePassword: 'file:" + DIR + "/wrong'\n",
                        FILE + ":7:15: broker.tls.keyStore: expected a PKCS12 or JKS keystore that opens with its "
                                + "password (run opens it before it starts), found that the keystore " + DIR
                                + "/trust.p12 could not be read: wrong password, or a damaged file"),
                kind("a password in an environment variable that is not set", TLS + "    trustStore: " + DIR
                                + "/trust.p12\n    trustStorePassword: 'env:JMSBENCH_UNSET_IN_TESTS'\n",
                        FILE + ":8:25: broker.tls.trustStorePassword: expected a password the controller can read "
                                + "(run resolves it before it starts), found that the environment variable "
                                + "JMSBENCH_UNSET_IN_TESTS is not set"),
                kind("a password in a file that does not exist", TLS + "    trustStore: " + DIR
                                + "/trust.p12\n    trustStorePassword: 'file:" + DIR + "/none'\n",
                        FILE + ":8:25: broker.tls.trustStorePassword: expected a password the controller can read "
                                + "(run resolves it before it starts), found that the file " + DIR + "/none could not "
                                + "be read (NoSuchFileException)"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void validateAndRunRefuseItInTheSameOneLine(Kind kind) throws Exception {
        stores();
        Path file = dir.resolve("scenario.yaml");
        if (kind.bytes() != null) {
            byte[] bytes = kind.bytes().clone();
            bytes[bytes.length - 4] = (byte) 0xff; // the U+FFFF's first byte, now no UTF-8 at all
            Files.write(file, bytes);
        } else {
            Files.writeString(file, kind.yaml().replace(DIR, dir.toString()));
        }
        String expected = kind.expected() == null
                ? file + ":4:19: (file): expected a UTF-8 text file, found byte 0xFF, which is not UTF-8 here (save "
                        + "the file as UTF-8)"
                : kind.expected().replace(FILE, file.toString()).replace(DIR, dir.toString());
        Path out = dir.resolve("results");

        Cli.Result validate = Cli.execute("validate", file.toString());
        Cli.Result run = Cli.execute("run", file.toString(), "--out", out.toString());

        for (Cli.Result r : List.of(validate, run)) {
            assertEquals(expected + System.lineSeparator(), r.err(), "stderr");
            assertEquals(ExitCodes.BAD_INPUT, r.exit(), "exit code");
            assertEquals("", r.out(), "stdout");
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception:"), "a stack trace: " + r.err());
            assertFalse(r.err().contains(SECRET), "the password echoed: " + r.err());
        }
        assertFalse(Files.exists(out), "nothing may be written to " + out);
    }

    @Test
    void validateSaysWhichStoresItOpened() throws Exception {
        stores();
        Path file = Files.writeString(dir.resolve("tls.yaml"), BASE + TLS + "    trustStore: " + dir
                + "/trust.p12\n    trustStorePassword: 'file:" + dir + "/right'\n");

        Cli.Result validate = Cli.execute("validate", file.toString());

        assertEquals("", validate.err(), "stderr");
        assertTrue(validate.out().strip().endsWith("; opened truststore " + dir + "/trust.p12"), validate.out());
        assertEquals(ExitCodes.OK, validate.exit());
    }

    /** trust.p12 (password "right", in a file of mode 600 as is the wrong one), text.p12 (no store). */
    private void stores() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        try (OutputStream o = Files.newOutputStream(dir.resolve("trust.p12"))) {
            store.store(o, "right".toCharArray());
        }
        Files.writeString(dir.resolve("text.p12"), "not a store\n");
        for (String password : List.of("right", "wrong")) {
            Path p = Files.writeString(dir.resolve(password), password + "\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
        }
    }
}
