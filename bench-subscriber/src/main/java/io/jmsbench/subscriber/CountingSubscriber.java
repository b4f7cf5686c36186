package io.jmsbench.subscriber;

import io.jmsbench.agent.PooledClient;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;

/**
 * A subscriber (the paper's design): one connection, one session and one consumer with its own
 * selector. Messages arrive on the session's delivery thread, the only writer of its counter.
 */
final class CountingSubscriber implements PooledClient, MessageListener {

    private final String id;
    private final String selector;
    private final ConnectionFactory factory;
    private final PoolPlan plan;
    private final ClientCounter counter;
    private final boolean clientAck;
    private volatile Connection connection;

    CountingSubscriber(String id, String selector, ConnectionFactory factory, PoolPlan plan) {
        this.id = id;
        this.selector = selector;
        this.factory = factory;
        this.plan = plan;
        this.counter = new ClientCounter(id);
        this.clientAck = plan.delivery().ack() == AckMode.CLIENT;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public void connect() throws JMSException {
        Connection c = factory.createConnection();
        connection = c;
        c.setExceptionListener(counter::error);
        Session session = c.createSession(false, plan.delivery().ack().sessionMode());
        Destination destination = plan.destination().type() == DestinationType.TOPIC
                ? session.createTopic(plan.destination().name())
                : session.createQueue(plan.destination().name());
        MessageConsumer consumer = session.createConsumer(destination, selector);
        consumer.setMessageListener(this);
        c.start();
    }

    @Override
    public void onMessage(Message message) {
        counter.message();
        if (clientAck) {
            try {
                message.acknowledge();
            } catch (JMSException e) {
                counter.error(e);
            }
        }
    }

    @Override
    public ClientCount count() {
        return counter.snapshot();
    }

    @Override
    public void close() throws JMSException {
        Connection c = connection;
        if (c != null) {
            c.close();
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
