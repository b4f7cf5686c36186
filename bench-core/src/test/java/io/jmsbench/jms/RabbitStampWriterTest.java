package io.jmsbench.jms;

import com.rabbitmq.jms.client.RMQMessage;
import com.rabbitmq.jms.client.message.RMQBytesMessage;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.BytesMessage;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RabbitStampWriterTest {

    private static final long ID = AuditHeaders.id(0xABC, 99_999, AuditHeaders.MAX_SEQUENCE - 7);
    private static final long SENT_AT = 1_795_000_000_123_456_789L;

    /** A message as a session's createBytesMessage() gives it, with the scenario's body written. */
    private static RMQBytesMessage prepared(byte[] payload) throws Exception {
        RMQBytesMessage message = new RMQBytesMessage();
        message.writeBytes(payload);
        message.setStringProperty("P1", "#17");
        return message;
    }

    /**
     * What a send puts on the wire and a consumer makes of it: rabbitmq-jms's own serialization of
     * the message on the sending thread ({@code toByteArray}, or {@code toAmqpByteArray} for an AMQP
     * destination), read back as a consumer reads it.
     */
    private static BytesMessage overTheWire(RMQBytesMessage message) throws Exception {
        Method id = RMQMessage.class.getDeclaredMethod("generateInternalID"); // as each send does first
        id.setAccessible(true);
        id.invoke(message);
        Method serialize = RMQMessage.class.getDeclaredMethod("toByteArray");
        serialize.setAccessible(true);
        byte[] wire = (byte[]) serialize.invoke(message);
        Method deserialize = RMQMessage.class.getDeclaredMethod("fromMessage", byte[].class, List.class);
        deserialize.setAccessible(true);
        return (BytesMessage) deserialize.invoke(null, wire, List.of("*"));
    }

    /** The body of a serialized AMQP-destination message: rabbitmq-jms sends the body bytes alone. */
    private static byte[] amqpBody(RMQBytesMessage message) throws Exception {
        Method serialize = RMQMessage.class.getDeclaredMethod("toAmqpByteArray");
        serialize.setAccessible(true);
        return (byte[]) serialize.invoke(message);
    }

    private static byte[] body(BytesMessage received) throws Exception {
        received.reset();
        byte[] body = new byte[(int) received.getBodyLength()];
        received.readBytes(body);
        return body;
    }

    @Test
    void aRabbitMqBytesMessageIsPatchedInPlaceAndEachSendCarriesItsOwnStamps() throws Exception {
        byte[] payload = new byte[1024];
        Arrays.fill(payload, (byte) 'x');
        RMQBytesMessage message = prepared(payload);
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(RabbitStampWriter.class, writer);

        writer.stamp(ID, SENT_AT);
        BytesMessage first = overTheWire(message);
        writer.stamp(ID + 1, SENT_AT + 1);
        BytesMessage second = overTheWire(message);

        StampReader reader = new StampReader();
        assertTrue(reader.read(first));
        assertEquals(ID, reader.id(), "a sent message keeps the stamps it was sent with");
        assertEquals(SENT_AT, reader.sentAt());
        assertTrue(reader.read(second));
        assertEquals(ID + 1, reader.id());
        assertEquals(SENT_AT + 1, reader.sentAt());
        byte[] body = body(second);
        assertEquals(1024, body.length, "the scenario's size exactly");
        assertArrayEquals(Arrays.copyOfRange(payload, BodyStamp.BYTES, 1024),
                Arrays.copyOfRange(body, BodyStamp.BYTES, 1024), "the payload after the stamps is untouched");
        assertEquals("#17", second.getStringProperty("P1"));
        assertFalse(second.propertyExists(AuditHeaders.ID), "no property of ours");
    }

    @Test
    void anAmqpDestinationsBodyCarriesTheStampsToo() throws Exception {
        RMQBytesMessage message = prepared(new byte[64]);
        StampWriter writer = StampWriter.forMessage(message);

        writer.stamp(ID, SENT_AT);
        byte[] body = amqpBody(message);

        assertEquals(64, body.length);
        assertTrue(BodyStamp.present(body, 0, body.length));
        assertEquals(ID, BodyStamp.id(body, 0));
        assertEquals(SENT_AT, BodyStamp.sentAt(body, 0));
    }

    @Test
    void aBodyTooShortForTheStampsGetsThemAsProperties() throws Exception {
        RMQBytesMessage message = prepared(new byte[BodyStamp.BYTES - 1]);
        StampWriter writer = StampWriter.forMessage(message);
        assertInstanceOf(StampWriter.Properties.class, writer);

        writer.stamp(ID, SENT_AT);
        BytesMessage received = overTheWire(message);

        StampReader reader = new StampReader();
        assertTrue(reader.read(received));
        assertEquals(ID, reader.id());
        assertEquals(SENT_AT, reader.sentAt());
        assertEquals(BodyStamp.BYTES - 1, body(received).length);
    }
}
