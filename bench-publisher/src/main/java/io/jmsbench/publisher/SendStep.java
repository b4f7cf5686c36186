package io.jmsbench.publisher;

import io.jmsbench.protocol.PublisherFaults;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * The producer's part of a message cycle: a send, and in a transacted session a commit. The plain
 * step calls the producer; per-send headers (a group, a priority of a mix) and the test hooks'
 * faults are steps of their own, made only when the plan asks for them, so the send loops do not
 * branch on them.
 */
interface SendStep {

    /** Sends {@code message} as number {@code sequence}; {@code resend}: that number was sent before and failed. */
    void send(Message message, long sequence, boolean resend) throws JMSException;

    /**
     * Commits the session's transaction. {@code firstTry}: its first commit, one that a failure
     * would have sent again (a test fault fails no other).
     */
    void commit(boolean firstTry) throws JMSException;

    /**
     * The step for {@code producer} on {@code session}, with {@code headers} and {@code faults} when
     * they are not {@code null}.
     */
    static SendStep of(Session session, MessageProducer producer, MessageHeaderSetter headers,
                       PublisherFaults faults) {
        SendStep step = headers != null && headers.perSend() ? new WithHeaders(session, producer, headers)
                : new Plain(session, producer);
        return FaultySends.asked(faults) ? new FaultySends(step, faults) : step;
    }

    /** The producer's default send. */
    record Plain(Session session, MessageProducer producer) implements SendStep {
        @Override
        public void send(Message message, long sequence, boolean resend) throws JMSException {
            producer.send(message);
        }

        @Override
        public void commit(boolean firstTry) throws JMSException {
            session.commit();
        }
    }

    /** Each send in its message group, with its priority of the mix ({@link MessageHeaderSetter#send}). */
    record WithHeaders(Session session, MessageProducer producer, MessageHeaderSetter headers) implements SendStep {
        @Override
        public void send(Message message, long sequence, boolean resend) throws JMSException {
            headers.send(producer, message, sequence);
        }

        @Override
        public void commit(boolean firstTry) throws JMSException {
            session.commit();
        }
    }
}
