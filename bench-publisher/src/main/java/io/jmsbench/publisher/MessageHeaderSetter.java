package io.jmsbench.publisher;

import io.jmsbench.protocol.HeaderPlan;
import io.jmsbench.protocol.Provider;
import io.jmsbench.workload.MessageGroups;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;

/**
 * Sets a plan's time to live, priority, message group and delivery delay: what holds for every
 * message on the producer once, the group (and a priority mix) on each send, round robin by the
 * message's sequence number. A delay goes as JMS 2's delivery delay, except over OpenWire:
 * activemq-client 6.3.1's {@code setDeliveryDelay} throws "setDeliveryDelay() is not supported",
 * so there each prepared message carries ActiveMQ's {@code AMQ_SCHEDULED_DELAY} property instead,
 * which the broker honours with its scheduler on (jmsbench's embedded broker turns it on for such
 * a scenario; the scenario reader refuses an external ActiveMQ, whose scheduler it cannot check).
 */
final class MessageHeaderSetter {

    /** ActiveMQ Classic's scheduled delivery: milliseconds to hold the message before dispatch. */
    static final String SCHEDULED_DELAY = "AMQ_SCHEDULED_DELAY";

    private final HeaderPlan plan;
    private final boolean scheduledProperty;
    /** The priority mix, round robin; {@code null} for one priority (set on the producer) or none. */
    private final int[] priorities;
    /** The groups' names by index; {@code null} without groups. */
    private final String[] groups;
    private int deliveryMode;

    MessageHeaderSetter(HeaderPlan plan, Provider provider) {
        this.plan = plan;
        this.scheduledProperty = provider == Provider.OPENWIRE && plan.deliveryDelayMs() > 0;
        this.priorities = plan.priorities().size() > 1
                ? plan.priorities().stream().mapToInt(Integer::intValue).toArray() : null;
        this.groups = plan.groups() > 0 ? MessageGroups.names(plan.groups()) : null;
    }

    /** Whether the producer's default send does it all. */
    boolean perSend() {
        return priorities != null || groups != null;
    }

    /** What holds for every message; after the producer's delivery mode is set. */
    void configure(MessageProducer producer) throws JMSException {
        deliveryMode = producer.getDeliveryMode();
        if (plan.timeToLiveMs() > 0) {
            producer.setTimeToLive(plan.timeToLiveMs());
        }
        if (plan.priorities().size() == 1) {
            producer.setPriority(plan.priorities().get(0));
        }
        if (plan.deliveryDelayMs() > 0 && !scheduledProperty) {
            producer.setDeliveryDelay(plan.deliveryDelayMs());
        }
    }

    /** On each prepared message, before its stamp writer takes its properties as final. */
    void prepare(Message message) throws JMSException {
        if (scheduledProperty) {
            message.setLongProperty(SCHEDULED_DELAY, plan.deliveryDelayMs());
        }
    }

    /** Sends message number {@code sequence} in its group, with its priority of the mix. */
    void send(MessageProducer producer, Message message, long sequence) throws JMSException {
        if (groups != null) {
            message.setStringProperty(MessageGroups.PROPERTY, groups[(int) (sequence % groups.length)]);
        }
        if (priorities != null) {
            producer.send(message, deliveryMode, priorities[(int) (sequence % priorities.length)],
                    plan.timeToLiveMs());
        } else {
            producer.send(message);
        }
    }
}
