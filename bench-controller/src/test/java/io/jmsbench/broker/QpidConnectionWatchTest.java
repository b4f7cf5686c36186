package io.jmsbench.broker;

import io.jmsbench.jms.ConnectionLosses;
import io.jmsbench.scenario.BrokerTuning;
import jakarta.jms.Connection;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Qpid JMS subscriber's connection stops listening once it receives, unless it fails over (Qpid JMS
 * hands every received message to each connection listener as a task): told against the embedded
 * ActiveMQ's AMQP port by what reaches the listener when the broker goes away.
 */
@Timeout(60)
class QpidConnectionWatchTest {

    @TempDir
    Path data;

    @Test
    void aPlainConnectionHearsItsLossBeforeItReceivesAndOnlyTheExceptionListenerAfter() throws Exception {
        assertEquals(1, lossesHeard(false, false), "listening until the consumers are open");
        assertEquals(0, lossesHeard(false, true), "the loss reaches the exception listener alone");
    }

    @Test
    void aConnectionThatFailsOverKeepsListeningForItsLossesWhileItReceives() throws Exception {
        assertEquals(1, lossesHeard(true, true));
    }

    /**
     * Connects to a fresh broker ({@code failover:} around its URL or not), tells the watch the client receives
     * or not, stops the broker and returns the losses the listener heard once the connection knew.
     */
    private int lossesHeard(boolean failover, boolean receiving) throws Exception {
        AtomicInteger lost = new AtomicInteger();
        CountDownLatch known = new CountDownLatch(1);
        EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", data.resolve(failover + "-" + receiving), false,
                BrokerTuning.DEFAULT);
        String url = failover ? "failover:(" + broker.amqpUrl() + ")?failover.maxReconnectAttempts=-1" : broker.amqpUrl();
        JmsConnectionFactory factory = new JmsConnectionFactory(url);
        factory.setCloseTimeout(2_000); // a failover connection closes while it reconnects to nothing
        Connection connection = factory.createConnection();
        try {
            connection.setExceptionListener(e -> known.countDown());
            ConnectionLosses.Watch watch = ConnectionLosses.watch(connection, new ConnectionLosses.Listener() {
                @Override
                public void lost() {
                    lost.incrementAndGet();
                    known.countDown();
                }

                @Override
                public void restored() {
                }
            });
            connection.start();
            if (receiving) {
                watch.receiving();
            }
            broker.close();
            assertTrue(known.await(30, TimeUnit.SECONDS), "the connection's loss was not noticed within 30 s");
            Thread.sleep(500); // the listener is called on Qpid JMS's connection executor, after the exception listener
            return lost.get();
        } finally {
            connection.close();
        }
    }
}
