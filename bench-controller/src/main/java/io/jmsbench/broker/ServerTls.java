package io.jmsbench.broker;

import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;

import java.util.List;

/**
 * TLS on every connector of an embedded broker ({@code jmsbench broker --tls-keystore}): the
 * broker's key and certificate, and when {@code trustStore} is set ({@code null}: no client
 * certificate asked), the CAs a client's certificate must lead to, which every client must then
 * present. {@link #toString} shows no password.
 */
public record ServerTls(String keyStore, String keyStorePassword, String trustStore, String trustStorePassword) {

    public boolean needClientAuth() {
        return trustStore != null;
    }

    /** The stores as key and trust managers; one sentence when they cannot be read. */
    public TlsClients.Managers managers() {
        return TlsClients.managers(new TlsPlan(trustStore, trustStorePassword, keyStore, keyStorePassword, List.of(),
                false));
    }

    @Override
    public String toString() {
        return "ServerTls[keyStore=" + keyStore + ", trustStore=" + trustStore + " (passwords not shown)]";
    }
}
