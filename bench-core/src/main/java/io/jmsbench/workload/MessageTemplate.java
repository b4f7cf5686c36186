package io.jmsbench.workload;

import io.jmsbench.scenario.MessageSpec;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;

import java.nio.charset.StandardCharsets;
import jakarta.jms.Session;

import java.util.Map;

/**
 * Builds the messages a publisher sends: one per variant, built once before the send loop, so the
 * hot path creates nothing per message (both providers copy or encode the message on send).
 */
public final class MessageTemplate {

    private MessageTemplate() {
    }

    public static Message create(Session session, MessageSpec spec, MessageVariant variant) throws JMSException {
        return create(session, spec, variant, payload(spec.size()));
    }

    /** A message with {@code payload} as its body (a text message's read as UTF-8) instead of the spec's size. */
    public static Message create(Session session, MessageSpec spec, MessageVariant variant, byte[] payload)
            throws JMSException {
        Message message = switch (spec.type()) {
            case BYTES -> session.createBytesMessage();
            case TEXT -> session.createTextMessage();
            case MAP -> session.createMapMessage();
        };
        fill(message, spec, variant, payload);
        return message;
    }

    /** A generated body of {@code size} bytes: ASCII letters, the same for any size's first bytes. */
    public static byte[] payload(int size) {
        byte[] payload = new byte[size];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) ('a' + i % 26);
        }
        return payload;
    }

    /**
     * Sets payload, properties and correlation ID on a message of the spec's type, also on the
     * broker's own message classes (for the expected replication grade).
     */
    public static void fill(Message message, MessageSpec spec, MessageVariant variant) throws JMSException {
        fill(message, spec, variant, payload(spec.size()));
    }

    private static void fill(Message message, MessageSpec spec, MessageVariant variant, byte[] payload)
            throws JMSException {
        if (message instanceof BytesMessage bytes) {
            bytes.writeBytes(payload);
        } else if (message instanceof TextMessage text) {
            text.setText(new String(payload, StandardCharsets.UTF_8));
        } else if (message instanceof MapMessage map) {
            map.setBytes("payload", payload);
        }
        for (int i = 0; i < spec.properties(); i++) {
            message.setStringProperty(MessageSpec.propertyName(i), spec.values());
        }
        for (Map.Entry<String, String> p : variant.properties().entrySet()) {
            message.setStringProperty(p.getKey(), p.getValue());
        }
        String correlationId = MessageVariants.correlationId(spec, variant);
        if (correlationId != null) {
            message.setJMSCorrelationID(correlationId);
        }
    }
}
