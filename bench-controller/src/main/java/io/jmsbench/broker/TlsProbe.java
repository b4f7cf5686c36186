package io.jmsbench.broker;

import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.report.TlsFacts;
import io.jmsbench.scenario.Provider;

import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One TLS handshake from the controller to the broker's host and port with the clients' settings,
 * before the run: what it negotiates goes into the report, and a certificate the clients would
 * refuse is told here in one sentence (untrusted, expired, for another host) instead of as every
 * client's stack trace.
 */
public final class TlsProbe {

    /** The first host:port of a URL, a failover's first nested URI included; IPv6 in brackets. */
    private static final Pattern HOST_PORT = Pattern.compile("[a-z+]+://(\\[[^]]+]|[^/:?,()\\[]+)(?::(\\d+))?");
    private static final Pattern IP = Pattern.compile("[0-9.]+|\\[.*]");

    private TlsProbe() {
    }

    public static TlsFacts handshake(Provider provider, String url, TlsPlan tls) throws BrokerUnavailable {
        Matcher m = HOST_PORT.matcher(url);
        if (!m.find()) {
            throw new BrokerUnavailable("no host and port in the broker URL " + url + " to probe TLS with");
        }
        String host = m.group(1);
        int port = m.group(2) != null ? Integer.parseInt(m.group(2)) : defaultPort(provider);
        int timeoutMs = (int) ExternalBrokerProbe.TIMEOUT.toMillis();
        try (SSLSocket socket = (SSLSocket) TlsClients.context(tls).getSocketFactory().createSocket()) {
            SSLParameters parameters = socket.getSSLParameters();
            if (tls.verifyHost()) {
                parameters.setEndpointIdentificationAlgorithm("HTTPS");
            }
            if (!tls.protocols().isEmpty()) {
                parameters.setProtocols(tls.protocols().toArray(String[]::new));
            }
            if (!IP.matcher(host).matches()) {
                parameters.setServerNames(List.of(new SNIHostName(host)));
            }
            socket.setSSLParameters(parameters);
            socket.connect(new InetSocketAddress(host.replaceAll("^\\[|]$", ""), port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            socket.startHandshake();
            SSLSession session = socket.getSession();
            String peer = session.getPeerCertificates()[0] instanceof X509Certificate x
                    ? x.getSubjectX500Principal().getName() : session.getPeerPrincipal().getName();
            return new TlsFacts(session.getProtocol(), session.getCipherSuite(), peer, tls.protocols(),
                    tls.verifyHost(), tls.keyStore() != null);
        } catch (IOException e) {
            throw new BrokerUnavailable(sentence(url, host, tls, e));
        }
    }

    private static int defaultPort(Provider provider) {
        return switch (provider) {
            case OPENWIRE -> 61617;
            case AMQP, RABBITMQ_JMS -> 5671;
            case CORE -> 61616;
        };
    }

    /** Why the handshake failed, told apart: nobody there, no answer, and the certificate's three faults. */
    static String sentence(String url, String host, TlsPlan tls, IOException failure) {
        if (failure instanceof ConnectException || failure instanceof UnknownHostException) {
            return "nothing answers at " + url + ": " + failure.getMessage();
        }
        if (failure instanceof SocketTimeoutException) {
            return "the broker at " + url + " did not complete a TLS handshake within "
                    + ExternalBrokerProbe.TIMEOUT.toSeconds() + " s";
        }
        Throwable expired = Causes.find(failure, CertificateExpiredException.class);
        if (expired != null) {
            return "the broker at " + url + " presented an expired certificate (" + expired.getMessage() + ")";
        }
        Throwable early = Causes.find(failure, CertificateNotYetValidException.class);
        if (early != null) {
            return "the broker at " + url + " presented a certificate that is not valid yet (" + early.getMessage() + ")";
        }
        if (Causes.find(failure, CertPathBuilderException.class) != null) {
            return "the broker at " + url + " presented a certificate that " + (tls.trustStore() == null
                    ? "the JVM's default CAs do not" : "the truststore " + tls.trustStore() + " does not")
                    + " trust (no certification path to it)";
        }
        String innermost = innermost(failure);
        if (innermost.startsWith("No subject alternative") || innermost.startsWith("No name matching")) {
            return "the certificate of the broker at " + url + " is not for host " + host + " (" + innermost
                    + "); verifyHost: false skips this check";
        }
        String hint = tls.keyStore() == null && endedForACertificate(failure) ? CLIENT_CERTIFICATE_HINT : "";
        if (failure instanceof SSLException) {
            return "the TLS handshake with the broker at " + url + " failed: " + innermost + hint;
        }
        return "the broker at " + url + " could not be reached over TLS: " + innermost + hint;
    }

    /** Said of a session the broker ended when the clients have no certificate to give. */
    public static final String CLIENT_CERTIFICATE_HINT = " (a broker that wants a client certificate ends the TLS "
            + "session so when it gets none: broker.tls.keyStore)";

    /**
     * Whether the broker ended the session as one does that wants a client certificate: over TLS 1.3
     * it checks the certificate only after the client's handshake is done, and then resets the
     * connection (RabbitMQ's fail_if_no_peer_cert) or sends certificate_required or bad_certificate.
     */
    public static boolean endedForACertificate(Throwable failure) {
        String words = innermost(failure);
        return Causes.find(failure, SocketException.class) != null || words.contains("certificate_required")
                || words.contains("bad_certificate");
    }

    private static String innermost(Throwable failure) {
        String words = Causes.innermostWords(failure);
        return words == null ? failure.getClass().getSimpleName() : words;
    }
}
