package io.jmsbench.publisher;

import io.jmsbench.protocol.HeaderPlan;
import io.jmsbench.protocol.Provider;
import io.jmsbench.workload.MessageGroups;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a real ActiveMQ (in this JVM, over its vm transport, with its scheduler on as the embedded
 * broker has it for a delay) delivers of the headers {@link MessageHeaderSetter} sets over OpenWire.
 */
@Timeout(60)
class MessageHeaderSetterTest {

    private BrokerService broker;
    private Connection connection;

    @BeforeEach
    void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("headers");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setSchedulerSupport(true);
        broker.start();
        broker.waitUntilStarted();
        connection = new ActiveMQConnectionFactory("vm://headers?create=false").createConnection();
        connection.start();
    }

    @AfterEach
    void stopBroker() throws Exception {
        if (connection != null) {
            connection.close();
        }
        broker.stop();
        broker.waitUntilStopped();
    }

    @Test
    void eachMessageCarriesItsGroupItsPriorityOfTheMixAndTheTimeToLive() throws Exception {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = session.createQueue("headers.mix");
        MessageProducer producer = session.createProducer(queue);
        producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        MessageHeaderSetter headers = new MessageHeaderSetter(new HeaderPlan(60_000, List.of(9, 4, 4), 3, 0),
                Provider.OPENWIRE);
        headers.configure(producer);
        Message message = session.createBytesMessage();
        headers.prepare(message);
        long before = System.currentTimeMillis();
        for (long sequence = 0; sequence < 6; sequence++) {
            headers.send(producer, message, sequence);
        }

        List<Message> got = receive(session, queue, 6, 5_000);
        for (int k = 0; k < 6; k++) {
            Message m = got.get(k);
            assertEquals(MessageGroups.names(3)[k % 3], m.getStringProperty(MessageGroups.PROPERTY), "group of " + k);
            assertEquals(List.of(9, 4, 4).get(k % 3), m.getJMSPriority(), "priority of " + k);
            assertTrue(m.getJMSExpiration() >= before + 60_000, "expiration of " + k + ": " + m.getJMSExpiration());
        }
    }

    @Test
    void oneFixedPriorityIsTheProducersAndNoGroupIsSet() throws Exception {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = session.createQueue("headers.fixed");
        MessageProducer producer = session.createProducer(queue);
        MessageHeaderSetter headers = new MessageHeaderSetter(new HeaderPlan(0, List.of(7), 0, 0), Provider.OPENWIRE);
        headers.configure(producer);

        assertEquals(7, producer.getPriority());
        assertEquals(false, headers.perSend());
        producer.send(session.createTextMessage("x"));
        Message m = receive(session, queue, 1, 5_000).get(0);
        assertEquals(7, m.getJMSPriority());
        assertEquals(0, m.getJMSExpiration(), "no time to live: never expires");
        assertNull(m.getStringProperty(MessageGroups.PROPERTY));
    }

    @Test
    void overOpenWireADelayIsActiveMqsScheduledDelayWhichTheBrokerHonours() throws Exception {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = session.createQueue("headers.delay");
        MessageProducer producer = session.createProducer(queue);
        // why the property: activemq-client refuses JMS 2's delivery delay
        assertThrows(UnsupportedOperationException.class, () -> producer.setDeliveryDelay(100));
        MessageHeaderSetter headers = new MessageHeaderSetter(new HeaderPlan(0, List.of(), 0, 800), Provider.OPENWIRE);
        headers.configure(producer);
        Message message = session.createBytesMessage();
        headers.prepare(message);
        MessageConsumer consumer = session.createConsumer(queue);

        long sent = System.nanoTime();
        headers.send(producer, message, 0);

        assertNull(consumer.receive(300), "a message delayed 800 ms came within 300 ms");
        assertNotNull(consumer.receive(5_000), "the delayed message never came");
        assertNull(consumer.receive(100), "one message sent, more received");
        assertTrue(System.nanoTime() - sent >= 800_000_000L, "came before its delay");
        assertEquals(800L, message.getLongProperty(MessageHeaderSetter.SCHEDULED_DELAY));
        consumer.close();
    }

    private static List<Message> receive(Session session, Queue queue, int count, long timeoutMs) throws Exception {
        List<Message> got = new ArrayList<>();
        try (MessageConsumer consumer = session.createConsumer(queue)) {
            long deadline = System.currentTimeMillis() + timeoutMs;
            while (got.size() < count && System.currentTimeMillis() < deadline) {
                Message m = consumer.receive(Math.max(1, deadline - System.currentTimeMillis()));
                if (m != null) {
                    got.add(m);
                }
            }
        }
        assertEquals(count, got.size(), "messages received");
        return got;
    }
}
