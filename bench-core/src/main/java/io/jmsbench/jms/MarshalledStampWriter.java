package io.jmsbench.jms;

import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.activemq.util.MarshallingSupport;
import org.fusesource.hawtbuf.UTF8Buffer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link StampWriter} for an ActiveMQ message: its marshalled property block, the stamps last,
 * patched into a fresh copy per send (StampWriter says why).
 */
final class MarshalledStampWriter extends StampWriter {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final ActiveMQMessage message;
    private final byte[] template;
    private final int idOffset;
    private final int sentAtOffset;

    private MarshalledStampWriter(ActiveMQMessage message, byte[] template, int idOffset, int sentAtOffset) {
        this.message = message;
        this.template = template;
        this.idOffset = idOffset;
        this.sentAtOffset = sentAtOffset;
    }

    /** Null when the message's properties cannot be laid out as expected. */
    static MarshalledStampWriter prepare(ActiveMQMessage message) throws JMSException {
        try {
            Map<String, Object> properties = new LinkedHashMap<>(message.getProperties());
            properties.remove(AuditHeaders.ID);
            properties.remove(AuditHeaders.SENT_AT);
            properties.put(AuditHeaders.ID, 0L);
            properties.put(AuditHeaders.SENT_AT, 0L);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                MarshallingSupport.marshalPrimitiveMap(properties, out);
            }
            byte[] template = bytes.toByteArray();
            // the map ends with: ID's value (type byte, 8 bytes), SENT_AT's name (UTF), SENT_AT's value
            int sentAtOffset = template.length - Long.BYTES;
            int idOffset = sentAtOffset - 1 - (2 + AuditHeaders.SENT_AT.length()) - Long.BYTES;
            MarshalledStampWriter writer = new MarshalledStampWriter(message, template, idOffset, sentAtOffset);
            if (!writer.checks(properties)) {
                return null;
            }
            message.clearProperties();
            writer.stamp(0, 0);
            return writer;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Whether patched bytes unmarshal to the message's properties with the stamps' values. */
    private boolean checks(Map<String, Object> properties) throws IOException {
        long id = 0x0123456789abcdefL;
        long sentAt = 0x7edcba9876543210L;
        byte[] probe = patched(id, sentAt);
        Map<String, Object> back = new LinkedHashMap<>();
        MarshallingSupport.unmarshalPrimitiveMap(new DataInputStream(new ByteArrayInputStream(probe)))
                .forEach((name, value) -> back.put(name, value instanceof UTF8Buffer utf8 ? utf8.toString() : value));
        Map<String, Object> expected = new LinkedHashMap<>(properties);
        expected.put(AuditHeaders.ID, id);
        expected.put(AuditHeaders.SENT_AT, sentAt);
        return back.equals(expected);
    }

    private byte[] patched(long id, long sentAt) {
        byte[] b = template.clone();
        LONG.set(b, idOffset, id);
        LONG.set(b, sentAtOffset, sentAt);
        return b;
    }

    @Override
    public void stamp(long id, long sentAt) {
        // a fresh array per send: the session's copy of the message shares it, and a vm://
        // transport hands that copy to the broker without marshalling it
        message.setMarshalledProperties(new ByteSequence(patched(id, sentAt)));
    }
}
