package io.jmsbench.report;

import java.util.List;

/**
 * TLS to the broker as the controller's probe handshake negotiated it before the run, with the same
 * settings the clients use: {@code protocol} and {@code cipherSuite} of the session, the subject of
 * the broker's certificate, the versions offered (empty: the JVM's), whether the host name was
 * checked and whether a client certificate was offered. Never a password.
 */
public record TlsFacts(String protocol, String cipherSuite, String peer, List<String> offeredProtocols,
                       boolean verifyHost, boolean clientCertificate) {

    public TlsFacts {
        offeredProtocols = offeredProtocols == null ? List.of() : List.copyOf(offeredProtocols);
    }

    /** One line for the console and report.md. */
    public String describe() {
        return protocol + ", " + cipherSuite + (verifyHost ? ", host verified" : ", host not verified")
                + (clientCertificate ? ", client certificate offered" : "");
    }
}
