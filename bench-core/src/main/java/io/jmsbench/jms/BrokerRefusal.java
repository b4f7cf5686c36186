package io.jmsbench.jms;

/**
 * The first time the broker closed one of a client's resources in its own words (see
 * {@link BrokerWords}), and, while the client connects, the end of its wait. qpid-jms tells a
 * session the broker ended only to its connection listener (its JmsConnection.onResourceClosed):
 * a link being opened in that session waits for its request timeout and fails as "timed out". A
 * link the broker refuses itself (RabbitMQ 3.10's PRECONDITION_FAILED, ActiveMQ's
 * unauthorized-access) fails at once with the words, and this only keeps them. The connecting thread is therefore interrupted once the broker
 * has spoken (qpid-jms's waits give up on an interrupt), and the client reports the broker's words.
 * Written by the provider's threads, read by the pool.
 */
public final class BrokerRefusal {

    private String words;
    private Thread connecting;

    /** The connecting thread is {@code current}: it may be woken up when the broker refuses. */
    public synchronized void connecting() {
        connecting = Thread.currentThread();
    }

    /** Connecting ended; the thread is no longer woken up, and a wake-up that came too late is cleared. */
    public void connected() {
        synchronized (this) {
            connecting = null;
        }
        Thread.interrupted();
    }

    /** A failure the provider reported; kept when it carries the broker's words and none came before. */
    public void heard(Throwable failure) {
        BrokerWords.of(failure).ifPresent(this::heard);
    }

    private synchronized void heard(String brokerWords) {
        if (words == null) {
            words = brokerWords;
        }
        if (connecting != null) {
            connecting.interrupt();
            connecting = null;
        }
    }

    /** The broker's words, {@code null} while it refused nothing. */
    public synchronized String words() {
        return words;
    }
}
