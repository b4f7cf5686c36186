package io.jmsbench.subscriber;

import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * A responder's reply side, on its subscriber's session (so a transacted subscriber's replies commit
 * with its receipts): for each request, a reply without a body to the request's {@code JMSReplyTo},
 * carrying the request's stamps (its id and send time, by which the requester counts and times it)
 * and, as JMS request/reply does, the request's {@code JMSCorrelationID}, else its {@code JMSMessageID}.
 * Called on the session's delivery thread only.
 */
final class Responder {

    private final Session session;
    private final MessageProducer producer;

    Responder(Session session, boolean persistent) throws JMSException {
        this.session = session;
        this.producer = session.createProducer(null);
        producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
    }

    /** Answers {@code request}, whose stamps are {@code id} and {@code sentAt}; one without a JMSReplyTo (a plain publisher's) is not. */
    void answer(Message request, long id, long sentAt) throws JMSException {
        Destination to = request.getJMSReplyTo();
        if (to == null) {
            return;
        }
        Message reply = session.createMessage();
        String correlation = request.getJMSCorrelationID();
        reply.setJMSCorrelationID(correlation != null ? correlation : request.getJMSMessageID());
        reply.setLongProperty(AuditHeaders.ID, id);
        reply.setLongProperty(AuditHeaders.SENT_AT, sentAt);
        producer.send(to, reply);
    }

}
