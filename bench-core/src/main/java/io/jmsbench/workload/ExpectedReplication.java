package io.jmsbench.workload;

import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.filter.MessageEvaluationContext;

/**
 * The replication grade a scenario should produce, computed before the run by evaluating every
 * subscriber's selector against the message the publishers will send, with ActiveMQ's selector
 * implementation. On a topic each matching subscription gets a copy; on a queue a message goes to
 * one matching consumer, or stays on the queue when none matches.
 */
public final class ExpectedReplication {

    private ExpectedReplication() {
    }

    public static double of(Scenario scenario) {
        try {
            ActiveMQBytesMessage message = new ActiveMQBytesMessage();
            MessageTemplate.fill(message, scenario.message());
            message.setJMSDeliveryMode(scenario.delivery().persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            int matching = 0;
            for (SubscriberGroup group : scenario.subscribers()) {
                if (matches(group.selector(), message)) {
                    matching += group.clients();
                }
            }
            if (scenario.destination().type() == DestinationType.QUEUE) {
                return matching > 0 ? 1.0 : 0.0;
            }
            return matching;
        } catch (JMSException e) {
            throw new IllegalStateException("cannot evaluate the scenario's selectors: " + e.getMessage(), e);
        }
    }

    private static boolean matches(String selector, ActiveMQBytesMessage message) throws JMSException {
        if (selector == null) {
            return true;
        }
        MessageEvaluationContext context = new MessageEvaluationContext();
        context.setMessageReference(message);
        return Selectors.parse(selector).matches(context);
    }
}
