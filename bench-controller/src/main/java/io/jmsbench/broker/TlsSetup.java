package io.jmsbench.broker;

import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.TlsSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A scenario's {@code broker.tls} made usable: each password reference ({@code env:NAME},
 * {@code file:PATH}) resolved here in the controller, and the stores opened once with them, so that
 * a missing variable, an unreadable file or a wrong password is told before anything starts.
 */
public final class TlsSetup {

    private TlsSetup() {
    }

    /** What went wrong, in one sentence; the run refuses to start (exit 2). */
    public static final class Problem extends Exception {
        Problem(String message) {
            super(message);
        }
    }

    public static TlsPlan resolve(TlsSpec spec, Map<String, String> env) throws Problem {
        TlsPlan plan = new TlsPlan(spec.trustStore(),
                password("broker.tls.trustStorePassword", spec.trustStorePassword(), env),
                spec.keyStore(), password("broker.tls.keyStorePassword", spec.keyStorePassword(), env), spec.protocols(),
                spec.verifyHost());
        try {
            TlsClients.managers(plan);
        } catch (IllegalArgumentException e) {
            throw new Problem("broker.tls: " + e.getMessage());
        }
        return plan;
    }

    /**
     * The password {@code reference} names ({@code null}: none); {@code label} names where it was
     * given. A plain value is refused without being repeated.
     */
    public static String password(String label, String reference, Map<String, String> env) throws Problem {
        if (reference == null) {
            return null;
        }
        if (!reference.matches("env:[A-Za-z_][A-Za-z0-9_]*|file:.+")) {
            throw new Problem(label + ": expected env:NAME or file:PATH, found a plain value: a password is "
                    + "never given in the open");
        }
        if (reference.startsWith("env:")) {
            String name = reference.substring("env:".length());
            String value = env.get(name);
            if (value == null) {
                throw new Problem(label + ": the environment variable " + name + " is not set");
            }
            return value;
        }
        Path file = Path.of(reference.substring("file:".length()));
        try {
            // the file's last line break is not part of the password (echo and editors add one)
            return Files.readString(file, StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
        } catch (IOException e) {
            throw new Problem(label + ": the file " + file + " could not be read ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
