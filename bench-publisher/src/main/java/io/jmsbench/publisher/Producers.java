package io.jmsbench.publisher;

import io.jmsbench.protocol.DestinationPlan.DestinationType;
import io.jmsbench.protocol.PoolPlan;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/** The producer every publisher opens: on the plan's destination, in its delivery mode, with its headers. */
final class Producers {

    private Producers() {
    }

    static MessageProducer open(Session session, PoolPlan plan, String destinationName, MessageHeaderSetter headers)
            throws JMSException {
        Destination destination = plan.destination().type() == DestinationType.TOPIC
                ? session.createTopic(destinationName)
                : session.createQueue(destinationName);
        MessageProducer producer = session.createProducer(destination);
        producer.setDeliveryMode(plan.delivery().persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        if (headers != null) {
            headers.configure(producer);
        }
        return producer;
    }
}
