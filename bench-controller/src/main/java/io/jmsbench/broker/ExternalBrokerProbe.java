package io.jmsbench.broker;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.scenario.Provider;
import jakarta.jms.Connection;
import jakarta.jms.Session;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Checks that an external broker answers: connect, create a temporary queue, close; all within a bound. */
public final class ExternalBrokerProbe {

    public static final Duration TIMEOUT = Duration.ofSeconds(12);

    /*
     * qpid-jms logs a failed connect at ERROR before it throws; the probe turns that failure into its
     * own one-sentence answer, so the log line would only say it twice. The controller uses qpid-jms
     * for nothing but this probe, and slf4j-simple reads a logger's level when the logger is made.
     */
    static {
        String key = "org.slf4j.simpleLogger.log.org.apache.qpid.jms.JmsConnection";
        if (System.getProperty(key) == null) {
            System.setProperty(key, "off");
        }
    }

    private ExternalBrokerProbe() {
    }

    public static void probe(Provider provider, String url, BrokerCredentials credentials) throws BrokerUnavailable {
        CompletableFuture<Void> attempt = CompletableFuture.runAsync(() -> {
            try (Connection connection = ConnectionFactories.create(wire(provider), url, false, credentials)
                    .createConnection()) {
                connection.start();
                try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
                    session.createTemporaryQueue().delete();
                }
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, runnable -> {
            Thread t = new Thread(runnable, "broker-probe");
            t.setDaemon(true);
            t.start();
        });
        try {
            attempt.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new BrokerUnavailable("the broker at " + url + " did not answer within " + TIMEOUT.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new BrokerUnavailable("the broker at " + url + " is unreachable: " + rootMessage(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailable("interrupted while probing the broker at " + url);
        }
    }

    /**
     * The provider layer takes the wire's provider. Mapped here rather than through run.PoolPlans,
     * which depends on this package; the switch is exhaustive, so a new provider fails to compile here too.
     */
    private static io.jmsbench.protocol.Provider wire(Provider provider) {
        return switch (provider) {
            case OPENWIRE -> io.jmsbench.protocol.Provider.OPENWIRE;
            case AMQP -> io.jmsbench.protocol.Provider.AMQP;
            case RABBITMQ_JMS -> io.jmsbench.protocol.Provider.RABBITMQ_JMS;
        };
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
