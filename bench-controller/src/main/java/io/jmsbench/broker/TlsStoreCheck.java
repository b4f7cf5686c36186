package io.jmsbench.broker;

import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioCheck;
import io.jmsbench.scenario.SecretReference;
import io.jmsbench.scenario.TlsSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code run} opens before anything starts, opened by {@code validate} too: each
 * {@code broker.tls} password reference resolved and each store opened with it, a failure told at
 * the field that caused it, in the one sentence both commands print. Each TLS setting is opened
 * once, however many points share it; {@link #opened} says which stores were.
 */
public final class TlsStoreCheck implements ScenarioCheck {

    private static final String POINTER = "/broker/tls/";

    private final Map<String, String> env;
    private final Map<TlsSpec, Failure> checked = new HashMap<>();
    private final List<String> opened = new ArrayList<>();

    public TlsStoreCheck(Map<String, String> env) {
        this.env = env;
    }

    @Override
    public Failure check(Scenario scenario) {
        TlsSpec tls = scenario.broker().tls();
        if (tls == null || scenario.broker().isEmbedded()) {
            return null;
        }
        if (!checked.containsKey(tls)) {
            checked.put(tls, open(tls));
        }
        return checked.get(tls);
    }

    /** The stores opened so far, as {@code truststore PATH}, each once. */
    public List<String> opened() {
        return List.copyOf(opened);
    }

    private Failure open(TlsSpec tls) {
        Failure failure = store("truststore", "trustStore", tls.trustStore(), tls.trustStorePassword(), tls);
        return failure != null ? failure : store("keystore", "keyStore", tls.keyStore(), tls.keyStorePassword(), tls);
    }

    /** Resolves the store's password and opens it alone, so a failure names its own field. */
    private Failure store(String what, String field, String path, String passwordReference, TlsSpec tls) {
        if (path == null) {
            return null;
        }
        String password;
        try {
            password = SecretReference.resolve(field + "Password", passwordReference, env);
        } catch (SecretReference.Unresolved e) {
            return new Failure(POINTER + field + "Password", "expected a password the controller can read (run "
                    + "resolves it before it starts), found that " + e.getMessage().substring(field.length()
                    + "Password: ".length()));
        }
        TlsPlan alone = field.equals("trustStore")
                ? new TlsPlan(path, password, null, null, tls.protocols(), tls.verifyHost())
                : new TlsPlan(null, null, path, password, tls.protocols(), tls.verifyHost());
        try {
            TlsClients.managers(alone);
        } catch (IllegalArgumentException e) {
            return new Failure(POINTER + field, "expected a PKCS12 or JKS " + what + " that opens with its password "
                    + "(run opens it before it starts), found that " + e.getMessage());
        }
        opened.add(what + " " + path);
        return null;
    }
}
