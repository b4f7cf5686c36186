package io.jmsbench.broker;

import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.SecretReference;
import io.jmsbench.scenario.TlsSpec;

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

    /** The password {@code reference} names ({@code null}: none); {@code label} names where it was given. */
    public static String password(String label, String reference, Map<String, String> env) throws Problem {
        try {
            return SecretReference.resolve(label, reference, env);
        } catch (SecretReference.Unresolved e) {
            throw new Problem(e.getMessage());
        }
    }
}
