package io.jmsbench.jms;

import com.rabbitmq.jms.admin.RMQConnectionFactory;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.DeliveryPlan.AckMode;
import io.jmsbench.protocol.Provider;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class RabbitMqJmsTest {

    @Test
    void theUrlGivesHostPortAndVirtualHost() {
        RMQConnectionFactory factory = (RMQConnectionFactory) ConnectionFactories.create(Provider.RABBITMQ_JMS,
                "amqp://10.0.0.2:5673/bench", false, new BrokerCredentials("u", "p"));
        assertEquals("10.0.0.2", factory.getHost());
        assertEquals(5673, factory.getPort());
        assertEquals("bench", factory.getVirtualHost());
        assertEquals("u", factory.getUsername());
        assertEquals(ConnectionFactories.CLOSE_TIMEOUT_MS, factory.getTerminationTimeout());
    }

    @Test
    void anAmqpsUrlTakesItsTlsFromThePlanAloneOnTheSamePort() {
        assertEquals("amqp://broker:5671", RabbitMqJms.plainScheme("amqps://broker"));
        assertEquals("amqp://u:p@broker:5999/bench?x=1", RabbitMqJms.plainScheme("amqps://u:p@broker:5999/bench?x=1"));
        assertEquals("amqp://[::1]:5671/v", RabbitMqJms.plainScheme("amqps://[::1]/v"));
        assertEquals("amqp://broker:5672", RabbitMqJms.plainScheme("amqp://broker:5672"));
        RMQConnectionFactory factory = (RMQConnectionFactory) ConnectionFactories.create(Provider.RABBITMQ_JMS,
                "amqps://10.0.0.2/bench", false, null, new io.jmsbench.protocol.TlsPlan(null, null, null, null,
                        java.util.List.of(), true));
        assertEquals(5671, factory.getPort());
        assertEquals("bench", factory.getVirtualHost());
        assertTrue(factory.isSsl());
    }

    @Test
    void aUrlThatIsNoRabbitMqUriIsRefusedWithIt() {
        JMSRuntimeException e = assertThrows(JMSRuntimeException.class,
                () -> ConnectionFactories.create(Provider.RABBITMQ_JMS, "tcp://host:61616"));
        assertTrue(e.getMessage().contains("tcp://host:61616"), e.getMessage());
    }

    /** A peer that accepts the connection and never speaks: the handshake timeout, not a hang. */
    @Test
    void aBrokerThatNeverAnswersFailsTheConnectWithinTheHandshakeTimeout() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try (Socket s = silent.accept()) {
                    Thread.sleep(60_000);
                } catch (Exception ignored) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            ConnectionFactory factory = ConnectionFactories.create(Provider.RABBITMQ_JMS,
                    "amqp://127.0.0.1:" + silent.getLocalPort());
            long start = System.nanoTime();
            assertThrows(JMSException.class, factory::createConnection);
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < ConnectionFactories.CONNECT_TIMEOUT_MS + 5_000, "failed after " + ms + " ms");
        }
    }

    @Test
    void theReportSaysTheBoundsAndThatSendsAreNotConfirmed() {
        Map<String, String> s = ConnectionFactories.settings(Provider.RABBITMQ_JMS,
                new DeliveryPlan(true, AckMode.AUTO, false, 1, 1, false));
        assertTrue(s.get("client").startsWith("rabbitmq-jms "), s.toString());
        assertEquals("false", s.get("automaticRecovery"));
        assertEquals("10000ms", s.get("handshakeTimeout"));
        assertEquals("asynchronous (basic.publish without publisher confirms, persistent)", s.get("sendMode"));
    }
}
