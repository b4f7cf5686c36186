package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Key material made by the JDK's own {@code keytool}, as a user would make it: a CA, a broker
 * certificate for localhost and 127.0.0.1, a client certificate, a broker certificate that expired
 * days ago, one for another host, and a second CA that trusts none of them. Every store is PKCS12
 * with {@link #PASSWORD}.
 */
final class TestCertificates {

    static final String PASSWORD = "tls-pw-5e1c0b7a-never-written";
    private static final long KEYTOOL_TIMEOUT_S = 60;
    private static final Path OPENSSL = Path.of("/usr/bin/openssl");
    private static final String PASSWORD_ENV = "JMSBENCH_IT_P12_PW";

    /** The stores, each a PKCS12 file; each certificate is also beside its store as PEM. */
    record Stores(Path trustStore, Path serverKeyStore, Path clientKeyStore, Path expiredServerKeyStore,
                  Path wrongHostServerKeyStore, Path otherTrustStore) {

        /** The CA's certificate, which {@link #trustStore} holds, as PEM. */
        Path caCertificatePem() {
            return trustStore.resolveSibling("ca.pem");
        }

        /** The broker's certificate, signed by the CA, as PEM. */
        Path serverCertificatePem() {
            return serverKeyStore.resolveSibling("server.pem");
        }
    }

    /**
     * The private key of {@code store} as an unencrypted PEM file beside it, for a server that reads
     * no PKCS12 (RabbitMQ). keytool exports no private key, so Debian's openssl converts it; without
     * openssl the test is skipped and says so.
     */
    static Path pemKey(Path store) throws IOException, InterruptedException {
        Skip.unless(Files.isExecutable(OPENSSL), () -> "openssl is not installed (" + OPENSSL + "): RabbitMQ needs "
                + "its key as PEM, which keytool cannot write");
        Path key = store.resolveSibling(store.getFileName().toString().replace(".p12", "-key.pem"));
        Path log = store.resolveSibling("openssl.log");
        ProcessBuilder builder = new ProcessBuilder(OPENSSL.toString(), "pkcs12", "-in", store.toString(),
                "-nocerts", "-nodes", "-passin", "env:" + PASSWORD_ENV, "-out", key.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().put(PASSWORD_ENV, PASSWORD); // not on the command line, which ps shows
        Process p = builder.start();
        if (!p.waitFor(KEYTOOL_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("openssl pkcs12 did not finish within " + KEYTOOL_TIMEOUT_S + " s");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("openssl pkcs12 -in " + store + " failed:\n" + Files.readString(log));
        }
        return key;
    }

    private final Path dir;

    private TestCertificates(Path dir) {
        this.dir = dir;
    }

    static Stores make(Path dir) throws IOException, InterruptedException {
        TestCertificates c = new TestCertificates(Files.createDirectories(dir));
        Path ca = c.authority("ca", "CN=jmsbench test CA");
        Path other = c.authority("other-ca", "CN=jmsbench other CA");
        return new Stores(c.trustStore("trust", ca), c.leaf("server", ca, "san=dns:localhost,ip:127.0.0.1", null, 30),
                c.leaf("client", ca, "san=dns:jmsbench-client", null, 30),
                c.leaf("expired", ca, "san=dns:localhost,ip:127.0.0.1", "-10d", 1),
                c.leaf("wrong-host", ca, "san=dns:broker.example.org", null, 30), c.trustStore("other-trust", other));
    }

    /** A CA's keystore; its certificate is exported beside it as NAME.pem. */
    private Path authority(String name, String dname) throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        keytool("-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname,
                "-ext", "bc:c", "-validity", "30", "-keystore", store.toString());
        keytool("-exportcert", "-rfc", "-alias", "ca", "-keystore", store.toString(), "-file",
                dir.resolve(name + ".pem").toString());
        return store;
    }

    private Path trustStore(String name, Path authority) throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", pem(authority).toString(), "-keystore",
                store.toString());
        return store;
    }

    /** A key signed by {@code authority}, valid from {@code start} ({@code null}: now) for {@code days}. */
    private Path leaf(String name, Path authority, String san, String start, int days)
            throws IOException, InterruptedException {
        Path store = dir.resolve(name + ".p12");
        Path csr = dir.resolve(name + ".csr");
        Path cert = dir.resolve(name + ".pem");
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
                "CN=" + name + ", O=jmsbench tests", "-keystore", store.toString());
        keytool("-certreq", "-alias", name, "-keystore", store.toString(), "-file", csr.toString());
        List<String> sign = new ArrayList<>(List.of("-gencert", "-rfc", "-alias", "ca", "-keystore",
                authority.toString(), "-infile", csr.toString(), "-outfile", cert.toString(), "-ext", san,
                "-validity", Integer.toString(days)));
        if (start != null) {
            sign.addAll(List.of("-startdate", start));
        }
        keytool(sign.toArray(String[]::new));
        keytool("-importcert", "-noprompt", "-alias", "ca", "-file", pem(authority).toString(), "-keystore",
                store.toString());
        keytool("-importcert", "-noprompt", "-alias", name, "-file", cert.toString(), "-keystore", store.toString());
        return store;
    }

    private Path pem(Path authority) {
        return authority.resolveSibling(authority.getFileName().toString().replace(".p12", ".pem"));
    }

    private void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD));
        Path log = dir.resolve("keytool.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(KEYTOOL_TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("keytool did not finish within " + KEYTOOL_TIMEOUT_S + " s: " + command);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("keytool " + String.join(" ", args) + " failed:\n" + Files.readString(log));
        }
    }
}
