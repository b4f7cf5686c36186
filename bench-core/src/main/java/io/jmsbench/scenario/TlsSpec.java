package io.jmsbench.scenario;

import java.util.List;

/**
 * {@code broker.tls}: how the clients reach an external broker over TLS. The stores are file paths
 * (PKCS12 or JKS, read on every agent's machine); each password is a reference, {@code env:NAME} or
 * {@code file:PATH}, which only the controller resolves, so the scenario and the report never hold
 * one. {@code keyStore} ({@code null}: none) is the client certificate; {@code trustStore}
 * ({@code null}: the JVM's default CAs) what the broker's certificate must lead to;
 * {@code protocols} the TLS versions offered (empty: the JVM's); {@code verifyHost} whether the
 * broker's certificate must name the host of the URL.
 */
public record TlsSpec(String trustStore, String trustStorePassword, String keyStore, String keyStorePassword,
                      List<String> protocols, boolean verifyHost) {

    public TlsSpec {
        protocols = protocols == null ? List.of() : List.copyOf(protocols);
    }
}
