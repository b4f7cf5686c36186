package io.jmsbench.broker;

import io.jmsbench.protocol.TlsPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.net.ssl.SSLHandshakeException;
import java.net.SocketException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The TLS probe's sentences for a session the broker ended, with and without a client certificate to give. */
@Timeout(10)
class TlsProbeTest {

    private static final String URL = "amqps://localhost:5671";
    private static final TlsPlan NO_CERTIFICATE = new TlsPlan("/etc/trust.p12", "pw", null, null, List.of(), true);
    private static final TlsPlan CERTIFICATE = new TlsPlan("/etc/trust.p12", "pw", "/etc/client.p12", "pw", List.of(),
            true);

    @Test
    void aResetWithoutAClientCertificateSaysTheBrokerMayWantOne() {
        assertEquals("the broker at " + URL + " could not be reached over TLS: Connection reset by peer (a broker that "
                + "wants a client certificate ends the TLS session so when it gets none: broker.tls.keyStore)",
                TlsProbe.sentence(URL, "localhost", NO_CERTIFICATE, new SocketException("Connection reset by peer")));
    }

    @Test
    void certificateRequiredWithoutAClientCertificateSaysSoToo() {
        assertEquals("the TLS handshake with the broker at " + URL + " failed: Received fatal alert: "
                + "certificate_required (a broker that wants a client certificate ends the TLS session so when it gets "
                + "none: broker.tls.keyStore)", TlsProbe.sentence(URL, "localhost", NO_CERTIFICATE,
                new SSLHandshakeException("Received fatal alert: certificate_required")));
    }

    @Test
    void aResetWithAClientCertificateIsTheResetAlone() {
        assertEquals("the broker at " + URL + " could not be reached over TLS: Connection reset by peer",
                TlsProbe.sentence(URL, "localhost", CERTIFICATE, new SocketException("Connection reset by peer")));
    }

    @Test
    void aPlainPortIsNoCertificateMatter() {
        assertEquals("the TLS handshake with the broker at " + URL + " failed: Unsupported or unrecognized SSL message",
                TlsProbe.sentence(URL, "localhost", NO_CERTIFICATE,
                        new javax.net.ssl.SSLException("Unsupported or unrecognized SSL message")));
    }
}
