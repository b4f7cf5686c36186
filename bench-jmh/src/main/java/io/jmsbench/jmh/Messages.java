package io.jmsbench.jmh;

import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.MessageTemplate;
import io.jmsbench.workload.MessageVariant;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;

/** The message a publisher prepares, built without a connection: ActiveMQ's own message class. */
final class Messages {

    /** The shape of the run ids the controller makes (yyyyMMdd'T'HHmmss'Z'). */
    static final String RUN_ID = "20261122T214300Z";

    private Messages() {
    }

    /** A default-scenario message (1 KiB bytes, no application properties), before its per-message stamps. */
    static ActiveMQBytesMessage prepared() throws JMSException {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        MessageSpec spec = MessageSpec.builder().build();
        MessageTemplate.fill(message, spec, MessageVariant.PLAIN);
        return message;
    }
}
