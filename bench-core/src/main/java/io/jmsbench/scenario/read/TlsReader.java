package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.TlsSpec;
import io.jmsbench.text.Quoted;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/** Reads {@code broker.tls} ({@link TlsSpec}) and checks it against the broker's URL and provider. */
final class TlsReader {

    static final String KEY = "tls";
    /** The versions JDK 17 can still negotiate; SSLv3 and older are gone from it. */
    static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2", "TLSv1.1", "TLSv1");
    private static final String PASSWORD = "env:NAME (an environment variable of the controller) or file:PATH "
            + "(a file holding the password)";
    private static final Pattern TLS_OPENWIRE = Pattern.compile("(ssl|nio\\+ssl):.+|failover:.*(ssl|nio\\+ssl)://.+");
    private static final Pattern TLS_AMQP = Pattern.compile("(amqps|amqpwss):.+|failover:.*(amqps|amqpwss)://.+");

    private TlsReader() {
    }

    /** {@code null} when the broker has no {@code tls}; {@code url} {@code null} for an embedded broker. */
    static TlsSpec read(Fields broker, String url, Provider provider) {
        if (!broker.has(KEY)) {
            return null;
        }
        Fields f = broker.mapping(KEY);
        String trustStore = f.string("trustStore", null, () -> ValueSchemas.text("a PKCS12 or JKS file of the CAs "
                + "the broker's certificate must lead to (default: the JVM's)"));
        String trustStorePassword = password(f, "trustStorePassword");
        String keyStore = f.string("keyStore", null, () -> ValueSchemas.text("a PKCS12 or JKS file with the "
                + "clients' key and certificate, for a broker that asks for one"));
        String keyStorePassword = password(f, "keyStorePassword");
        List<String> protocols = protocols(f);
        boolean verifyHost = f.bool("verifyHost", Defaults.TLS_VERIFY_HOST);
        if (keyStore != null && keyStorePassword == null && !f.has("keyStorePassword")) {
            f.problem("keyStore", "expected keyStorePassword beside keyStore (" + PASSWORD + "), found none");
        }
        if (keyStore == null && f.has("keyStorePassword")) {
            f.problem("keyStorePassword", "expected keyStorePassword only with keyStore, found it alone");
        }
        if (trustStore == null && f.has("trustStorePassword")) {
            f.problem("trustStorePassword", "expected trustStorePassword only with trustStore, found it alone");
        }
        f.finish();
        if (url == null) {
            broker.problem(KEY, "expected tls only with an external broker (url); to measure a broker over TLS on "
                    + "this machine, start one with ./jmsbench broker --tls-keystore and give its URL");
        } else if (!tlsUrl(provider, url)) {
            broker.problem("url", "expected a TLS URL with tls (" + tlsExample(provider) + "), found " + Quoted.value(url));
        }
        return new TlsSpec(trustStore, trustStorePassword, keyStore, keyStorePassword, protocols, verifyHost);
    }

    private static boolean tlsUrl(Provider provider, String url) {
        return switch (provider) {
            case OPENWIRE -> TLS_OPENWIRE.matcher(url).matches();
            case AMQP -> TLS_AMQP.matcher(url).matches();
            case RABBITMQ_JMS -> url.startsWith("amqps://");
            // the core client turns TLS on with sslEnabled, whatever the scheme
            case CORE -> true;
        };
    }

    private static String tlsExample(Provider provider) {
        return switch (provider) {
            case OPENWIRE -> "ssl://host:61617";
            case AMQP, RABBITMQ_JMS -> "amqps://host:5671";
            case CORE -> "tcp://host:61617";
        };
    }

    /** A password reference; a literal is refused without being repeated, since it may be the password. */
    private static String password(Fields f, String key) {
        return SecretField.read(f, key, PASSWORD, "a plain value: a password is never written in the scenario");
    }

    private static List<String> protocols(Fields f) {
        JsonNode value = f.raw("protocols", TlsReader::protocolsSchema);
        List<String> protocols = new ArrayList<>();
        if (value == null) {
            return protocols;
        }
        if (!value.isArray() || value.isEmpty()) {
            f.problem("protocols", "expected a list of TLS versions such as [TLSv1.3, TLSv1.2], found "
                    + Kinds.of(value));
            return protocols;
        }
        for (int i = 0; i < value.size(); i++) {
            String p = value.get(i).asText();
            if (!value.get(i).isTextual() || !PROTOCOLS.contains(p)) {
                String near = PROTOCOLS.stream().filter(k -> distance(k, p) <= 2)
                        .min(Comparator.comparingInt(k -> distance(k, p)))
                        .map(k -> "; did you mean '" + k + "'?").orElse("");
                f.problem("protocols/" + i, "expected one of " + String.join(", ", PROTOCOLS) + ", found " + Quoted.value(p)
                        + near);
            } else {
                protocols.add(p);
            }
        }
        return protocols;
    }

    private static int distance(String a, String b) {
        return NearestName.distance(a, b);
    }

    private static ObjectNode protocolsSchema() {
        ObjectNode schema = ValueSchemas.described("the TLS versions offered, such as [TLSv1.3, TLSv1.2] (default: "
                + "the JVM's)").put("type", "array");
        schema.set("items", ValueSchemas.oneOfNames("a TLS version", PROTOCOLS));
        return schema;
    }
}
