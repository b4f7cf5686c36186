package io.jmsbench.publisher;

import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.VariantPlan;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.workload.MessageTemplate;
import io.jmsbench.workload.MessageVariant;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;

import java.util.List;

/**
 * The messages a plan asks for, built by {@link MessageTemplate}: the same code builds the broker's
 * messages for the expected replication grade, so what is sent and what is expected cannot drift
 * apart. MessageTemplate still takes the scenario's {@link MessageSpec}; this class is the one place
 * where an agent maps the plan to it, until the workload package takes a type of its own.
 */
final class PlannedMessages {

    private PlannedMessages() {
    }

    static Message create(Session session, MessagePlan message, VariantPlan variant) throws JMSException {
        return MessageTemplate.create(session, spec(message),
                new MessageVariant(variant.correlationId(), variant.properties()));
    }

    /**
     * How many messages a client prepares and sends round robin: one per variant, or one per size of
     * a size that varies (the scenario never asks for both).
     */
    static int count(MessagePlan message, List<VariantPlan> variants) {
        return message.sizes() == null ? variants.size() : Math.max(variants.size(), message.sizes().size());
    }

    /** The {@code index}th message of the round robin {@link #count} says the length of. */
    static Message create(Session session, MessagePlan message, List<VariantPlan> variants, int index)
            throws JMSException {
        VariantPlan variant = variants.get(index % variants.size());
        if (message.sizes() == null) {
            return create(session, message, variant);
        }
        int entry = index % message.sizes().size();
        byte[] payload = message.bodies() != null ? message.bodies().get(entry)
                : MessageTemplate.payload(message.sizes().get(entry));
        return MessageTemplate.create(session, spec(message),
                new MessageVariant(variant.correlationId(), variant.properties()), payload);
    }

    static MessageSpec spec(MessagePlan message) {
        MessageSpec.MessageType type = switch (message.type()) {
            case BYTES -> MessageSpec.MessageType.BYTES;
            case TEXT -> MessageSpec.MessageType.TEXT;
            case MAP -> MessageSpec.MessageType.MAP;
        };
        // vary is the controller's: it sends the variants themselves
        return new MessageSpec(type, message.size(), message.properties(), message.values(), message.correlationId(),
                null, message.stamped());
    }
}
