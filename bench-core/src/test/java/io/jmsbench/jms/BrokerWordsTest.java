package io.jmsbench.jms;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ShutdownSignalException;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The broker's words found under the wrappers of each provider, and a connect that stops waiting once it spoke. */
@Timeout(10)
class BrokerWordsTest {

    private static final String INEQUIVALENT = "PRECONDITION_FAILED - inequivalent arg 'x-max-length' for queue "
            + "'bench.q' in vhost '/': received none but current is the value '10' of type 'signedint'";

    private static ShutdownSignalException channelClosed() {
        AMQP.Channel.Close close = new AMQP.Channel.Close.Builder().replyCode(406).replyText(INEQUIVALENT)
                .classId(50).methodId(10).build();
        return new ShutdownSignalException(false, false, close, null);
    }

    @Test
    void rabbitMqJmsHidesTheChannelCloseUnderAnIoException() {
        JMSException wrapped = new JMSException("IOException");
        wrapped.initCause(new IOException(null, channelClosed()));

        assertEquals(Optional.of(INEQUIVALENT + " (reply-code 406, channel closed)"), BrokerWords.of(wrapped));
        assertEquals("JMSException: IOException (the broker: " + INEQUIVALENT + " (reply-code 406, channel closed))",
                BrokerWords.describe(wrapped));
    }

    @Test
    void qpidJmsGivesTheConditionInTheCauseOfAClosedProducer() {
        IllegalStateException closed = new IllegalStateException("The MessageProducer was closed due to an "
                + "unrecoverable error.");
        closed.initCause(new JMSException("AMQ229017: Queue bench.q does not exist [condition = amqp:not-found]"));

        assertEquals("IllegalStateException: The MessageProducer was closed due to an unrecoverable error. (the "
                + "broker: AMQ229017: Queue bench.q does not exist [condition = amqp:not-found])",
                BrokerWords.describe(closed));
    }

    @Test
    void wordsAlreadyInTheMessageAreNotRepeated() {
        JMSException refused = new JMSException("Address not found [condition = amqp:not-found]");

        assertEquals("JMSException: Address not found [condition = amqp:not-found]", BrokerWords.describe(refused));
    }

    @Test
    void aTimeoutIsNotTheBrokersWords() {
        JMSException timedOut = new JMSException("Request to open resource ID:1:1:1 timed out");

        assertEquals(Optional.empty(), BrokerWords.of(timedOut));
    }

    @Test
    void aShutdownTheClientAskedForIsNotARefusal() {
        AMQP.Channel.Close close = new AMQP.Channel.Close.Builder().replyCode(200).replyText("OK").build();

        assertEquals(Optional.empty(), BrokerWords.of(new ShutdownSignalException(false, true, close, null)));
    }

    @Test
    void theBrokersWordsWakeUpAConnectThatWaitsForThem() throws Exception {
        BrokerRefusal refusal = new BrokerRefusal();
        CompletableFuture<Boolean> woken = new CompletableFuture<>();
        CompletableFuture<Void> waiting = new CompletableFuture<>();
        Thread connect = new Thread(() -> {
            refusal.connecting();
            waiting.complete(null);
            try {
                Thread.sleep(30_000); // as qpid-jms waits for a link the broker will never answer
                woken.complete(false);
            } catch (InterruptedException e) {
                woken.complete(true);
            } finally {
                refusal.connected();
            }
        });
        connect.start();
        waiting.get(5, TimeUnit.SECONDS);

        refusal.heard(new JMSException("the session ended: " + INEQUIVALENT + " [condition = amqp:precondition-failed]"));

        assertTrue(woken.get(5, TimeUnit.SECONDS));
        assertEquals("the session ended: " + INEQUIVALENT + " [condition = amqp:precondition-failed]", refusal.words());
    }

    @Test
    void aFailureWithoutTheBrokersWordsNeitherWakesNorIsKept() {
        BrokerRefusal refusal = new BrokerRefusal();
        refusal.connecting();
        refusal.heard(new JMSException("Request timed out"));
        refusal.connected();

        assertNull(refusal.words());
        assertTrue(!Thread.currentThread().isInterrupted());
    }
}
