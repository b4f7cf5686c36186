package io.jmsbench.jms;

import io.jmsbench.workload.AuditHeaders;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.util.ByteSequence;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StampReaderTest {

    private static final long ID = AuditHeaders.id(0xABC, 99_999, AuditHeaders.MAX_SEQUENCE - 7);
    private static final long SENT_AT = 1_795_000_000_123_456_789L;

    /** A message as the consumer gets it: its properties only in their marshalled form. */
    private static ActiveMQMessage received(ActiveMQMessage sent) throws IOException {
        sent.beforeMarshall(null);
        ActiveMQBytesMessage received = new ActiveMQBytesMessage();
        received.setMarshalledProperties(sent.getMarshalledProperties());
        return received;
    }

    @Test
    void findsTheStampsAmongPropertiesOfEveryPrimitiveType() throws Exception {
        ActiveMQBytesMessage sent = new ActiveMQBytesMessage();
        sent.setStringProperty("P1", "#17");
        sent.setIntProperty("i", -5);
        sent.setBooleanProperty("b", true);
        sent.setDoubleProperty("d", 2.5);
        sent.setShortProperty("s", (short) 3);
        sent.setByteProperty("y", (byte) 1);
        sent.setFloatProperty("f", 1.5f);
        sent.setLongProperty("jmsbench_idx", 1L); // a near miss of a key
        sent.setLongProperty(AuditHeaders.ID, ID);
        sent.setLongProperty(AuditHeaders.SENT_AT, SENT_AT);
        ActiveMQMessage message = received(sent);
        StampReader reader = new StampReader();

        assertTrue(reader.read(message));

        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
        assertEquals(ID, message.getLongProperty(AuditHeaders.ID), "and the provider agrees");
    }

    @Test
    void readsStampsFromTheStartOfABytesMessageBody() throws Exception {
        byte[] body = new byte[64];
        BodyStamp.write(body, ID, SENT_AT);
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        message.setContent(new ByteSequence(body));
        StampReader reader = new StampReader();

        assertTrue(reader.read(message));

        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
    }

    /** An Artemis CORE bytes message as its consumer hands it over, {@code body} its whole body. */
    private static jakarta.jms.BytesMessage core(byte[] body) throws Exception {
        ClientMessageImpl core = new ClientMessageImpl(
                org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage.TYPE, false, 0, 0, (byte) 4, 1500);
        core.putStringProperty("P1", "#17");
        core.getBodyBuffer().writeBytes(body);
        org.apache.activemq.artemis.jms.client.ActiveMQMessage message =
                org.apache.activemq.artemis.jms.client.ActiveMQMessage.createMessage(core, null);
        message.doBeforeReceive();
        return (jakarta.jms.BytesMessage) message;
    }

    @Test
    void readsStampsFromTheBufferOfAnArtemisCoreMessage() throws Exception {
        byte[] body = new byte[1024];
        BodyStamp.write(body, ID, SENT_AT);
        body[1023] = 7;
        jakarta.jms.BytesMessage message = core(body);
        StampReader reader = new StampReader();

        assertTrue(reader.read(message));

        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
        assertTrue(reader.readCore(((org.apache.activemq.artemis.jms.client.ActiveMQMessage) message).getCoreMessage()),
                "from the buffer, not through JMS");
        byte[] read = new byte[1024];
        assertEquals(1024, message.readBytes(read), "the body is left unread for the application");
        assertArrayEquals(body, read);
    }

    @Test
    void anArtemisCoreBodyWithoutTheMarkerIsNotReadAsStamps() throws Exception {
        byte[] body = new byte[64];
        BodyStamp.write(body, ID, SENT_AT);
        body[0] ^= 1;

        assertFalse(new StampReader().read(core(body)));
        assertFalse(new StampReader().read(core(new byte[3])), "nor a body shorter than the stamps");
    }

    /** A qpid-jms (AMQP) bytes message as its consumer hands it over: read-only, its body one data section. */
    private static org.apache.qpid.jms.message.JmsBytesMessage qpid(byte[] body) throws Exception {
        org.apache.qpid.jms.message.JmsBytesMessage message = new org.apache.qpid.jms.message.JmsBytesMessage(
                new org.apache.qpid.jms.provider.amqp.message.AmqpJmsBytesMessageFacade());
        message.writeBytes(body);
        message.reset();
        return message;
    }

    @Test
    void readsStampsFromTheBodyOfAQpidMessageWhereItIsAndLeavesItUnread() throws Exception {
        byte[] body = new byte[1024];
        BodyStamp.write(body, ID, SENT_AT);
        body[1023] = 7;
        org.apache.qpid.jms.message.JmsBytesMessage message = qpid(body);
        StampReader reader = new StampReader();

        assertTrue(reader.read(message));

        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
        assertEquals(ID, BodyStamp.id(QpidBody.of(message).getArray(), QpidBody.of(message).getArrayOffset()),
                "from the body's own array, not through JMS");
        byte[] read = new byte[1024];
        assertEquals(1024, message.readBytes(read), "the body is left unread for the application");
        assertArrayEquals(body, read);
    }

    @Test
    void aQpidBodyWithoutTheMarkerOrTooShortIsNotReadAsStamps() throws Exception {
        byte[] body = new byte[64];
        BodyStamp.write(body, ID, SENT_AT);
        body[0] ^= 1;

        assertFalse(new StampReader().read(qpid(body)));
        assertFalse(new StampReader().read(qpid(new byte[3])), "nor a body shorter than the stamps");
    }

    @Test
    void aRabbitMqBytesMessagesStampsAreReadThroughJms() throws Exception {
        byte[] body = new byte[1024];
        BodyStamp.write(body, ID, SENT_AT);
        com.rabbitmq.jms.client.message.RMQBytesMessage message = new com.rabbitmq.jms.client.message.RMQBytesMessage();
        message.writeBytes(body);
        message.reset();
        StampReader reader = new StampReader();

        assertTrue(reader.read(message));

        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
        byte[] read = new byte[1024];
        assertEquals(1024, message.readBytes(read), "read from the start again by the application");
        assertArrayEquals(body, read);
    }

    @Test
    void aBodyWithoutTheMarkerIsNotReadAsStamps() throws Exception {
        byte[] body = new byte[64];
        BodyStamp.write(body, ID, SENT_AT);
        body[0] ^= 1;
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        message.setContent(new ByteSequence(body));

        assertFalse(new StampReader().read(message));
    }

    @Test
    void aMessageWithoutStampsIsNotAJmsbenchMessage() throws Exception {
        ActiveMQBytesMessage sent = new ActiveMQBytesMessage();
        sent.setStringProperty("P1", "#0");
        assertFalse(new StampReader().read(received(sent)));
        assertFalse(new StampReader().read(received(new ActiveMQBytesMessage())));
    }

    @Test
    void halfStampedOrUnmarshalledMessagesGoThroughTheProvidersGetters() throws Exception {
        ActiveMQBytesMessage half = new ActiveMQBytesMessage();
        half.setLongProperty(AuditHeaders.ID, ID);
        assertFalse(new StampReader().read(received(half)), "an id without a send time");

        ActiveMQBytesMessage local = new ActiveMQBytesMessage(); // properties set, never marshalled
        local.setLongProperty(AuditHeaders.ID, ID);
        local.setLongProperty(AuditHeaders.SENT_AT, SENT_AT);
        StampReader reader = new StampReader();
        assertTrue(reader.read(local));
        assertEquals(SENT_AT, reader.sentAt());
    }

    @Test
    void aStampOfTheWrongTypeIsLeftToTheProvider() throws Exception {
        ActiveMQBytesMessage sent = new ActiveMQBytesMessage();
        sent.setStringProperty(AuditHeaders.ID, Long.toString(ID)); // JMS converts a numeric string
        sent.setLongProperty(AuditHeaders.SENT_AT, SENT_AT);
        StampReader reader = new StampReader();

        assertTrue(reader.read(received(sent)));

        assertEquals(ID, reader.id());
    }
}
