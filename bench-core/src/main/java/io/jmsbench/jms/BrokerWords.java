package io.jmsbench.jms;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ShutdownSignalException;

import java.util.Optional;

/**
 * The broker's own words in a provider's exception: the condition and description with which the
 * broker closed a connection, session or link. qpid-jms puts them into its message as
 * {@code description [condition = amqp:...]} (on the exception itself, or on the cause of an
 * exception such as "The MessageProducer was closed due to an unrecoverable error"); rabbitmq-jms
 * wraps the AMQP client's {@link ShutdownSignalException}, whose reason is the broker's
 * {@code channel.close} or {@code connection.close} with its reply code and text, while the
 * wrappers' messages say "IOException" or nothing at all.
 */
public final class BrokerWords {

    private static final String QPID_CONDITION = "[condition = ";

    private BrokerWords() {
    }

    /** The broker's words anywhere in {@code failure}'s causes; empty when the broker said nothing (a timeout, a local fault). */
    public static Optional<String> of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ShutdownSignalException shutdown && !shutdown.isInitiatedByApplication()) {
                Optional<String> words = rabbitMq(shutdown);
                if (words.isPresent()) {
                    return words;
                }
            }
            String message = t.getMessage();
            if (message != null && message.contains(QPID_CONDITION)) {
                return Optional.of(message.strip());
            }
        }
        return Optional.empty();
    }

    /**
     * An error as a client reports it: its class and message, and the broker's words after them
     * when the message does not already carry them.
     */
    public static String describe(Throwable failure) {
        String own = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return of(failure).filter(words -> failure.getMessage() == null || !failure.getMessage().contains(words))
                .map(words -> own + " (the broker: " + words + ")").orElse(own);
    }

    private static Optional<String> rabbitMq(ShutdownSignalException shutdown) {
        if (shutdown.getReason() instanceof AMQP.Channel.Close close) {
            return Optional.of(close.getReplyText() + " (reply-code " + close.getReplyCode() + ", channel closed)");
        }
        if (shutdown.getReason() instanceof AMQP.Connection.Close close) {
            return Optional.of(close.getReplyText() + " (reply-code " + close.getReplyCode() + ", connection closed)");
        }
        return Optional.empty();
    }
}
