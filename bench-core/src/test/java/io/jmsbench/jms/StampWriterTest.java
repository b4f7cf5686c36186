package io.jmsbench.jms;

import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.MessageTemplate;
import jakarta.jms.Message;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ActiveMQTextMessage;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.command.MessageId;
import org.apache.activemq.openwire.OpenWireFormat;
import org.apache.activemq.util.ByteSequence;
import org.fusesource.hawtbuf.UTF8Buffer;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StampWriterTest {

    private static final long ID = AuditHeaders.id(0xABC, 99_999, AuditHeaders.MAX_SEQUENCE - 7);
    private static final long SENT_AT = 1_795_000_000_123_456_789L;

    /** A prepared message with the paper's workload on it: application properties and a correlation ID. */
    private static ActiveMQBytesMessage prepared() throws Exception {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        message.writeBytes(new byte[1024]);
        message.setStringProperty("P1", "#17");
        message.setStringProperty("P2", "#0");
        message.setIntProperty("n", 42);
        message.setJMSCorrelationID("#3");
        message.setDestination(new ActiveMQTopic("t"));
        return message;
    }

    /** What the broker and every consumer get: the session's copy, marshalled and unmarshalled by OpenWire. */
    private static ActiveMQMessage overTheWire(ActiveMQMessage message, long sequence) throws Exception {
        message.setMessageId(new MessageId("ID:test-1:1:1:1", sequence));
        ActiveMQMessage copy = (ActiveMQMessage) message.copy();
        copy.onSend();
        OpenWireFormat format = new OpenWireFormat(OpenWireFormat.DEFAULT_WIRE_VERSION);
        ByteSequence wire = format.marshal(copy);
        return (ActiveMQMessage) format.unmarshal(wire);
    }

    /** The properties as a consumer reads them (strings arrive as ActiveMQ's UTF-8 buffers). */
    private static Map<String, Object> properties(ActiveMQMessage message) throws Exception {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Map.Entry<String, Object> p : message.getProperties().entrySet()) {
            properties.put(p.getKey(), p.getValue() instanceof UTF8Buffer utf8 ? utf8.toString() : p.getValue());
        }
        return properties;
    }

    /** The body as a consumer reads it through JMS. */
    private static byte[] body(ActiveMQMessage received) throws Exception {
        ActiveMQBytesMessage bytes = (ActiveMQBytesMessage) received;
        bytes.setReadOnlyBody(true); // as the consumer hands it over
        byte[] body = new byte[(int) bytes.getBodyLength()];
        bytes.readBytes(body);
        return body;
    }

    @Test
    void aBytesMessageCarriesTheStampsInItsBodyAndNothingElseChanges() throws Exception {
        ActiveMQBytesMessage message = prepared();
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(StampWriter.InBody.class, writer, "a 1 KiB body has room for the stamps");

        writer.stamp(ID, SENT_AT);
        ActiveMQMessage received = overTheWire(message, 1);

        assertEquals(Map.of("P1", "#17", "P2", "#0", "n", 42), properties(received), "no property of ours");
        assertEquals("#3", received.getJMSCorrelationID());
        byte[] body = body(received);
        assertEquals(1024, body.length, "the scenario's size exactly");
        assertArrayEquals(new byte[1024 - BodyStamp.BYTES], Arrays.copyOfRange(body, BodyStamp.BYTES, 1024),
                "the payload after the stamps is untouched");
        StampReader reader = new StampReader();
        assertTrue(reader.read(received));
        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
    }

    @Test
    void everySendCarriesItsOwnStampsAndTheLastOnesDoNotRewriteTheFirst() throws Exception {
        ActiveMQBytesMessage message = prepared();
        StampWriter writer = StampWriter.forMessage(message);
        StampReader reader = new StampReader();
        writer.stamp(1, 100);
        ByteSequence first = message.getContent();
        byte[] firstBytes = first.getData().clone();
        ActiveMQMessage one = overTheWire(message, 1);

        writer.stamp(2, 200);
        ActiveMQMessage two = overTheWire(message, 2);

        assertNotSame(first.getData(), message.getContent().getData(), "a fresh array per send");
        assertArrayEquals(firstBytes, first.getData(), "a sent message's bytes stay as they were");
        assertTrue(reader.read(one));
        assertEquals(1L, reader.id());
        assertEquals(100L, reader.sentAt());
        assertTrue(reader.read(two));
        assertEquals(2L, reader.id());
        assertEquals(200L, reader.sentAt());
        assertEquals("#17", two.getStringProperty("P1"));
    }

    @Test
    void aTextMessageCarriesItsPropertiesAndTheStampsOverTheWire() throws Exception {
        ActiveMQTextMessage message = new ActiveMQTextMessage();
        message.setText("x".repeat(1024));
        message.setStringProperty("P1", "#17");
        message.setDestination(new ActiveMQTopic("t"));
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(MarshalledStampWriter.class, writer, "the marshalled properties fast path applies");

        writer.stamp(ID, SENT_AT);
        ActiveMQMessage received = overTheWire(message, 1);

        Map<String, Object> expected = new LinkedHashMap<>(Map.of("P1", "#17"));
        expected.put(AuditHeaders.ID, ID);
        expected.put(AuditHeaders.SENT_AT, SENT_AT);
        assertEquals(expected, properties(received));
        assertEquals("x".repeat(1024), ((ActiveMQTextMessage) received).getText());
        StampReader reader = new StampReader();
        assertTrue(reader.read(received));
        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
    }

    @Test
    void anArtemisCoreBytesMessageGetsTheStampsPatchedIntoItsBody() throws Exception {
        org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage message =
                (org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage)
                        org.apache.activemq.artemis.jms.client.ActiveMQMessage.createMessage(
                                new org.apache.activemq.artemis.core.client.impl.ClientMessageImpl(
                                        org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage.TYPE,
                                        false, 0, 0, (byte) 4, 1500), null);
        byte[] payload = new byte[1024];
        payload[1023] = 9;
        message.clearBody(); // writable, as a session's createBytesMessage() gives it
        message.writeBytes(payload);
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(CoreStampWriter.class, writer);

        for (long id = 1; id <= 2; id++) {
            writer.stamp(id, 100 + id);
            message.reset();
            byte[] body = new byte[2048];
            assertEquals(1024, message.readBytes(body), "the scenario's size, no more");
            assertTrue(BodyStamp.present(body, 0, 1024));
            assertEquals(id, BodyStamp.id(body, 0));
            assertEquals(100 + id, BodyStamp.sentAt(body, 0));
            assertEquals(9, body[1023], "the rest of the body as it was");
        }
    }

    @Test
    void aBodyTooShortForTheStampsGetsThemAsProperties() throws Exception {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        message.writeBytes(new byte[BodyStamp.BYTES - 1]);
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(MarshalledStampWriter.class, writer);
        writer.stamp(ID, SENT_AT);

        ActiveMQMessage received = overTheWire(message, 1);

        assertEquals(Map.of(AuditHeaders.ID, ID, AuditHeaders.SENT_AT, SENT_AT), properties(received));
    }

    /** A size that varies may draw 1 byte: every size keeps its body's length and the audit its stamps. */
    @Test
    void everySizeATableMayDrawCarriesItsStampsAndKeepsItsLength() throws Exception {
        for (int size : new int[] {1, BodyStamp.BYTES - 1, BodyStamp.BYTES, 64_000}) {
            ActiveMQBytesMessage message = new ActiveMQBytesMessage();
            message.writeBytes(MessageTemplate.payload(size));
            StampWriter writer = StampWriter.forMessage(message);
            writer.stamp(ID, SENT_AT);

            ActiveMQMessage received = overTheWire(message, 1);

            StampReader reader = new StampReader();
            assertTrue(reader.read(received), size + " bytes: stamps found");
            assertEquals(ID, reader.id(), size + " bytes: id");
            assertEquals(SENT_AT, reader.sentAt(), size + " bytes: sent at");
            assertEquals(size, body(received).length, size + " bytes: the body's length");
        }
    }

    @Test
    void anyOtherProvidersMessageIsStampedThroughJms() throws Exception {
        Map<String, Object> set = new LinkedHashMap<>();
        Message message = (Message) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Message.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("setLongProperty")) {
                        set.put((String) args[0], args[1]);
                        return null;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        StampWriter writer = StampWriter.forMessage(message);

        writer.stamp(ID, SENT_AT);

        assertInstanceOf(StampWriter.Properties.class, writer);
        assertEquals(Map.of(AuditHeaders.ID, ID, AuditHeaders.SENT_AT, SENT_AT), set);
    }

    /** What qpid-jms puts on the wire for the message: its encoding at send time. */
    private static byte[] encoded(org.apache.qpid.jms.message.JmsBytesMessage message) throws Exception {
        message.reset(); // as JmsSession.send's onSend does before it encodes: the written body becomes final
        io.netty.buffer.ByteBuf buffer = (io.netty.buffer.ByteBuf) message.getFacade().encodeMessage();
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        return bytes;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void aQpidBytesMessageIsPatchedInPlaceAndEachEncodingKeepsItsOwnStamps() throws Exception {
        org.apache.qpid.jms.message.JmsBytesMessage message = new org.apache.qpid.jms.message.JmsBytesMessage(
                new org.apache.qpid.jms.provider.amqp.message.AmqpJmsBytesMessageFacade());
        byte[] payload = new byte[1024];
        java.util.Arrays.fill(payload, (byte) 'x');
        message.writeBytes(payload);
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(StampWriter.InQpidBody.class, writer);

        writer.stamp(ID, SENT_AT);
        byte[] first = encoded(message);
        writer.stamp(ID + 1, SENT_AT + 1);
        byte[] second = encoded(message);

        byte[] stamps = new byte[BodyStamp.BYTES];
        BodyStamp.write(stamps, ID, SENT_AT);
        int at = indexOf(first, stamps);
        assertTrue(at > 0, "the first encoding carries the first stamps");
        byte[] rest = java.util.Arrays.copyOfRange(first, at + BodyStamp.BYTES, at + 1024);
        byte[] expectedRest = new byte[1024 - BodyStamp.BYTES];
        java.util.Arrays.fill(expectedRest, (byte) 'x');
        assertArrayEquals(expectedRest, rest, "the payload after the stamps is untouched");
        BodyStamp.write(stamps, ID + 1, SENT_AT + 1);
        assertEquals(at, indexOf(second, stamps), "the second encoding carries the second stamps");
        assertEquals(first.length, second.length, "same size on the wire");
        message.reset();
        byte[] head = new byte[BodyStamp.BYTES];
        message.readBytes(head);
        assertEquals(ID + 1, BodyStamp.id(head, 0));
        assertEquals(SENT_AT + 1, BodyStamp.sentAt(head, 0));
    }

    @Test
    void theJmsRewriteFallbackPutsEachSendsStampsInTheBody() throws Exception {
        org.apache.qpid.jms.message.JmsBytesMessage message = new org.apache.qpid.jms.message.JmsBytesMessage(
                new org.apache.qpid.jms.provider.amqp.message.AmqpJmsBytesMessageFacade());
        byte[] payload = new byte[1024];
        java.util.Arrays.fill(payload, (byte) 'x');
        message.writeBytes(payload);
        StampWriter writer = StampWriter.InJmsBody.prepare(message);

        writer.stamp(ID, SENT_AT);
        byte[] first = encoded(message);
        writer.stamp(ID + 1, SENT_AT + 1);
        byte[] second = encoded(message);

        byte[] stamps = new byte[BodyStamp.BYTES];
        BodyStamp.write(stamps, ID, SENT_AT);
        int at = indexOf(first, stamps);
        assertTrue(at > 0, "the first encoding carries the first stamps");
        BodyStamp.write(stamps, ID + 1, SENT_AT + 1);
        assertEquals(at, indexOf(second, stamps), "the second encoding carries the second stamps");
        assertEquals(first.length, second.length, "same size on the wire");
    }
}
