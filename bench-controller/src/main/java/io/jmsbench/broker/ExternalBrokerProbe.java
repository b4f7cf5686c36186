package io.jmsbench.broker;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.BrokerWords;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.jms.Providers;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.scenario.Provider;
import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Checks that an external broker answers and accepts the login: connect, start, open a session,
 * close; all within a bound. It uses nothing some brokers lack (no temporary destination, no
 * destination at all), and when the broker refuses, the sentence carries the broker's own words.
 */
public final class ExternalBrokerProbe {

    public static final Duration TIMEOUT = Duration.ofSeconds(12);

    /*
     * qpid-jms logs a failed connect at ERROR before it throws; the probe turns that failure into its
     * own one-sentence answer, so the log line would only say it twice. The controller uses qpid-jms
     * for nothing but this probe, and slf4j-simple reads a logger's level when the logger is made.
     */
    static {
        // and RabbitMQ's client logs a refused vhost as a connection driver error, the same way
        for (String logger : new String[] {"org.apache.qpid.jms.JmsConnection",
                "com.rabbitmq.client.impl.ForgivingExceptionHandler"}) {
            String key = "org.slf4j.simpleLogger.log." + logger;
            if (System.getProperty(key) == null) {
                System.setProperty(key, "off");
            }
        }
    }

    private ExternalBrokerProbe() {
    }

    public static void probe(Provider provider, String url, BrokerCredentials credentials) throws BrokerUnavailable {
        probe(provider, url, credentials, null);
    }

    /** As {@link #probe(Provider, String, BrokerCredentials)}, over TLS as {@code tls} says ({@code null}: as the URL says). */
    public static void probe(Provider provider, String url, BrokerCredentials credentials, TlsPlan tls)
            throws BrokerUnavailable {
        CompletableFuture<Void> attempt = CompletableFuture.runAsync(() -> {
            try (Connection connection = ConnectionFactories.create(Providers.wire(provider), url, false, credentials, tls)
                    .createConnection()) {
                connection.start();
                connection.createSession(false, Session.AUTO_ACKNOWLEDGE).close();
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, runnable -> {
            Thread t = new Thread(runnable, "broker-probe");
            t.setDaemon(true);
            t.start();
        });
        try {
            attempt.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            attempt.cancel(true);
            throw new BrokerUnavailable("the broker at " + url + " did not answer within " + TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            String sentence = sentence(url, credentials, e.getCause());
            throw new BrokerUnavailable(tls != null && tls.keyStore() == null
                    && TlsProbe.endedForACertificate(e.getCause()) ? sentence + TlsProbe.CLIENT_CERTIFICATE_HINT
                    : sentence);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailable("interrupted while probing the broker at " + url);
        }
    }

    /** What went wrong, told apart: nobody there, a refused login, or another refusal in the broker's words. */
    static String sentence(String url, BrokerCredentials credentials, Throwable failure) {
        if (Causes.find(failure, ConnectException.class) != null
                || Causes.find(failure, UnknownHostException.class) != null) {
            return "nothing answers at " + url + ": " + rootMessage(failure);
        }
        if (Causes.find(failure, JMSSecurityException.class) != null
                || Causes.find(failure, SecurityException.class) != null) {
            String who = credentials == null ? "an anonymous login" : "the login of " + credentials.user();
            return "the broker at " + url + " refused " + who + ": " + brokerWords(failure);
        }
        return "the broker at " + url + " refused the connection: " + brokerWords(failure);
    }

    /**
     * The broker's own words: the innermost message that says something. Providers wrap the
     * broker's refusal in exceptions of their own, whose messages repeat or hide it.
     */
    private static String brokerWords(Throwable failure) {
        Optional<String> condition = BrokerWords.of(failure); // RabbitMQ's reply text, qpid-jms's condition
        if (condition.isPresent()) {
            return condition.get();
        }
        String words = Causes.innermostWords(failure);
        return words == null ? rootMessage(failure) : words;
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null ? root.getClass().getSimpleName() : message;
    }
}
