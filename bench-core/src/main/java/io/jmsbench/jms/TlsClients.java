package io.jmsbench.jms;

import io.jmsbench.protocol.TlsPlan;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import java.io.File;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.UnrecoverableKeyException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each provider needs of a {@link TlsPlan}: the key and trust managers read from its stores, an
 * {@link SSLContext} of them, and the URL options that carry the TLS versions and the host check
 * (never a password: URLs end up in exceptions and logs).
 */
public final class TlsClients {

    /** Each OpenWire TLS URI of a URL, a failover's nested ones too, with its own query. */
    private static final Pattern OPENWIRE_TLS_URI = Pattern.compile("((?:nio\\+)?ssl://[^,()?]+)(\\?[^,()]*)?");

    private TlsClients() {
    }

    /** The stores' managers; {@code trust} is {@code null} (the JVM's CAs) without a truststore, {@code keys} without a keystore. */
    public record Managers(KeyManager[] keys, TrustManager[] trust) {
    }

    /** Reads the plan's stores; a missing file or a wrong password is an {@link IllegalArgumentException} in one sentence. */
    public static Managers managers(TlsPlan tls) {
        try {
            TrustManager[] trust = null;
            if (tls.trustStore() != null) {
                TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                f.init(load("truststore", tls.trustStore(), tls.trustStorePassword()));
                trust = f.getTrustManagers();
            }
            KeyManager[] keys = null;
            if (tls.keyStore() != null) {
                KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                f.init(load("keystore", tls.keyStore(), tls.keyStorePassword()), chars(tls.keyStorePassword()));
                keys = f.getKeyManagers();
            }
            return new Managers(keys, trust);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the TLS stores could not be used: " + e.getMessage(), e);
        }
    }

    public static SSLContext context(TlsPlan tls) {
        Managers m = managers(tls);
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(m.keys(), m.trust(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS context: " + e.getMessage(), e);
        }
    }

    /** PKCS12 or JKS, whichever the file is (the JDK tells them apart). */
    private static KeyStore load(String what, String path, String password) throws GeneralSecurityException {
        File file = new File(path);
        if (!file.isFile() || !file.canRead()) {
            throw new IllegalArgumentException("the " + what + " " + path + " is not a readable file");
        }
        try {
            return KeyStore.getInstance(file, chars(password));
        } catch (KeyStoreException e) {
            // the JDK's "Unrecognized keystore format": neither PKCS12 nor JKS
            throw new IllegalArgumentException("the " + what + " " + path + " is not a PKCS12 or JKS store", e);
        } catch (IOException e) {
            // the JDK says "keystore password was incorrect" for JKS, "Integrity check failed" for PKCS12
            boolean wrong = e.getCause() instanceof UnrecoverableKeyException
                    || String.valueOf(e.getMessage()).contains("password");
            throw new IllegalArgumentException("the " + what + " " + path + " could not be read: " + (wrong
                    ? "wrong password, or a damaged file" : e.getMessage()), e);
        }
    }

    private static char[] chars(String password) {
        return password == null ? null : password.toCharArray();
    }

    /**
     * An OpenWire URL with the TLS versions ({@code socket.enabledProtocols}) and the host check
     * ({@code verifyHostName}) on each of its TLS URIs, unless the URI sets them itself.
     */
    public static String openwireUrl(String url, TlsPlan tls) {
        Matcher m = OPENWIRE_TLS_URI.matcher(url);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String query = m.group(2) == null ? "" : m.group(2);
            Map<String, String> options = new LinkedHashMap<>();
            if (!tls.protocols().isEmpty() && !query.contains("socket.enabledProtocols")) {
                options.put("socket.enabledProtocols", String.join(",", tls.protocols()));
            }
            if (!query.contains("verifyHostName")) {
                options.put("verifyHostName", Boolean.toString(tls.verifyHost()));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + join(query, options)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * A qpid-jms URL with {@code transport.verifyHost} and {@code transport.enabledProtocols}; on a
     * failover URL, as {@code failover.nested.} options, which qpid-jms passes to every nested URI.
     */
    public static String amqpUrl(String url, TlsPlan tls) {
        boolean failover = url.startsWith("failover:");
        String prefix = failover ? "failover.nested.transport." : "transport.";
        int queryFrom = failover ? url.lastIndexOf(')') + 1 : 0;
        String query = url.indexOf('?', queryFrom) < 0 ? "" : url.substring(url.indexOf('?', queryFrom));
        Map<String, String> options = new LinkedHashMap<>();
        if (!query.contains("transport.verifyHost")) {
            options.put(prefix + "verifyHost", Boolean.toString(tls.verifyHost()));
        }
        if (!tls.protocols().isEmpty() && !query.contains("transport.enabledProtocols")) {
            options.put(prefix + "enabledProtocols", String.join(",", tls.protocols()));
        }
        return url.substring(0, url.length() - query.length()) + join(query, options);
    }

    private static String join(String query, Map<String, String> options) {
        StringBuilder out = new StringBuilder(query);
        for (Map.Entry<String, String> e : options.entrySet()) {
            out.append(out.length() == 0 ? '?' : '&').append(e.getKey()).append('=').append(e.getValue());
        }
        return out.toString();
    }

    /** What the report says of a plan: never a password. */
    public static String describe(TlsPlan tls) {
        return "on: protocols " + (tls.protocols().isEmpty() ? "the JVM's" : String.join(", ", tls.protocols()))
                + ", verifyHost " + tls.verifyHost() + ", truststore " + (tls.trustStore() == null ? "the JVM's CAs"
                : tls.trustStore()) + ", client certificate " + (tls.keyStore() == null ? "none" : tls.keyStore());
    }
}
