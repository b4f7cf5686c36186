package io.jmsbench.protocol;

import java.util.List;

/**
 * TLS for an agent's clients, as it travels in {@code POST /prepare}: store paths on the agent's
 * machine ({@code null}: none, or the JVM's default CAs for the truststore), their passwords resolved
 * by the controller ({@code null}: none), the TLS versions offered (empty: the JVM's) and whether the
 * broker's certificate must name the URL's host. {@link #toString} shows no password.
 */
public record TlsPlan(String trustStore, String trustStorePassword, String keyStore, String keyStorePassword,
                      List<String> protocols, boolean verifyHost) {

    public TlsPlan {
        protocols = protocols == null ? List.of() : List.copyOf(protocols);
    }

    @Override
    public String toString() {
        return "TlsPlan[trustStore=" + trustStore + ", keyStore=" + keyStore + ", protocols=" + protocols
                + ", verifyHost=" + verifyHost + " (passwords not shown)]";
    }
}
