package io.jmsbench.workload;

import io.jmsbench.scenario.MessageSpec;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

import java.util.Map;

/**
 * Builds the messages a publisher sends: one per variant, built once before the send loop, so the
 * hot path creates nothing per message (both providers copy or encode the message on send).
 */
public final class MessageTemplate {

    private MessageTemplate() {
    }

    /** P1..Pk: the paper's application property names; {@code index} is 0-based. */
    public static String propertyName(int index) {
        return "P" + (index + 1);
    }

    public static BytesMessage create(Session session, MessageSpec spec, MessageVariant variant) throws JMSException {
        BytesMessage message = session.createBytesMessage();
        fill(message, spec, variant);
        return message;
    }

    /** Sets payload, properties and correlation ID on any BytesMessage, also the broker's own type. */
    public static void fill(BytesMessage message, MessageSpec spec, MessageVariant variant) throws JMSException {
        byte[] payload = new byte[spec.size()];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) ('a' + i % 26);
        }
        message.writeBytes(payload);
        for (int i = 0; i < spec.properties(); i++) {
            message.setStringProperty(propertyName(i), spec.values());
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
