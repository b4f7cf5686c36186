package io.jmsbench.workload;

import io.jmsbench.scenario.MessageSpec;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

/**
 * Builds the message a publisher sends. One instance per client, built once before the send loop,
 * so the hot path creates nothing per message (both providers copy or encode the message on send).
 */
public final class MessageTemplate {

    private MessageTemplate() {
    }

    /** P1..Pk: the paper's application property names. */
    public static String propertyName(int index) {
        return "P" + (index + 1);
    }

    public static BytesMessage create(Session session, MessageSpec spec) throws JMSException {
        BytesMessage message = session.createBytesMessage();
        fill(message, spec);
        return message;
    }

    /** Sets payload and properties on any BytesMessage, also the broker's own type used for expectations. */
    public static void fill(BytesMessage message, MessageSpec spec) throws JMSException {
        byte[] payload = new byte[spec.size()];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) ('a' + i % 26);
        }
        message.writeBytes(payload);
        for (int i = 0; i < spec.properties(); i++) {
            message.setStringProperty(propertyName(i), spec.values());
        }
    }
}
