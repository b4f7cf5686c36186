package io.jmsbench.subscriber;

import io.jmsbench.agent.ClientConnection;
import io.jmsbench.agent.PooledClient;
import io.jmsbench.jms.StampReader;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.metrics.StreamAudits;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.DeliveryPlan.AckMode;
import io.jmsbench.protocol.DestinationPlan.DestinationType;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.List;

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
    private final String destinationName;
    private final int ackEvery;
    private final int transactionSize;
    private final boolean durable;
    /** With client acknowledgement or transactions and an audit: what may be delivered again. */
    private final Unacknowledged unacknowledged;
    private final ClientConnection connection;
    private Session session;
    private MessageConsumer consumer;
    private int pending;
    private final boolean audit;
    private final boolean stamped;
    private final int runTag;
    private final StampReader stamps = new StampReader();
    private final long clockOffset;
    /**
     * Written by the delivery thread without a lock (StreamAudits says why), read once after the drain:
     * ranges of gaps for a subscriber audited alone, receipts for one audited with others.
     */
    private final StreamAudits streams;
    private final Recording recording;
    private volatile long unexpected;
    private volatile long redelivered;
    /** End-to-end latency in nanoseconds; written by the delivery thread, flipped by the sampler. */
    private final SingleWriterRecorder latency = new SingleWriterRecorder(Histograms.DIGITS);

    /** Answers each request when the client is a responder ({@code null} otherwise); made with the session. */
    private Responder responder;
    private final ListenerWork work;
    /** Messages per message group; {@code null} without groups. */
    private final GroupCounts groups;
    private final ClientPlan client;

    CountingSubscriber(ClientPlan client, ConnectionFactory factory, PoolPlan plan) {
        this.client = client;
        this.work = new ListenerWork(client.processingNanos());
        this.id = client.id();
        this.audit = client.audit() || client.receipts();
        this.groups = plan.message().headersOrNone().groups() > 0
                ? new GroupCounts(plan.message().headersOrNone().groups()) : null;
        this.streams = client.receipts() ? StreamAudits.receipts(plan.message().headersOrNone().groups())
                : new StreamAudits();
        this.recording = Recording.of(streams, client.faults());
        this.stamped = plan.message().stamped();
        this.runTag = AuditHeaders.runTag(plan.runId());
        this.clockOffset = plan.clockOffsetNanos();
        this.destinationName = client.destination();
        this.ackEvery = plan.delivery().ack() == AckMode.CLIENT ? plan.delivery().ackEvery() : 0;
        this.transactionSize = plan.delivery().transacted() ? plan.delivery().transactionSize() : 0;
        this.durable = plan.delivery().durable();
        this.unacknowledged = audit && (ackEvery > 0 || transactionSize > 0)
                ? new Unacknowledged(Math.max(ackEvery, transactionSize)) : null;
        this.selector = client.selector();
        this.factory = factory;
        this.plan = plan;
        this.counter = new ClientCounter(id);
        // consumed and not acknowledged when the connection is lost: may be delivered again
        this.connection = new ClientConnection(counter, clockOffset,
                unacknowledged == null ? () -> { } : unacknowledged::interrupted);
    }

    @Override
    public String id() {
        return id;
    }

    /** What the pool needs of the client's plan: when it connects and closes. */
    ClientPlan plan() {
        return client;
    }

    /** A connection that failed later than the pool's prepare: counted as a receive error. */
    void failed(String cause) {
        counter.error(new JMSException(cause));
    }

    @Override
    public void connect() throws JMSException {
        connection.open(factory, durable ? subscriptionName() : null, this::open);
        connection.receiving();
    }

    @Override
    public String refusal() {
        return connection.refusal();
    }

    private void open(Connection c) throws JMSException {
        session = c.createSession(transactionSize > 0, sessionMode(plan.delivery().ack()));
        if (plan.destination().type() == DestinationType.TOPIC) {
            Topic topic = session.createTopic(destinationName);
            consumer = durable ? session.createDurableSubscriber(topic, subscriptionName(), selector, false)
                    : session.createConsumer(topic, selector);
        } else {
            consumer = session.createConsumer(session.createQueue(destinationName), selector);
        }
        if (client.reply() != null && !client.reply().requester()) {
            responder = new Responder(session, plan.delivery().persistent());
        }
        consumer.setMessageListener(this);
        c.start();
    }

    /** The JMS session mode for an acknowledgement mode: the wire's enum does not depend on the JMS API. */
    private static int sessionMode(AckMode ack) {
        return switch (ack) {
            case AUTO -> Session.AUTO_ACKNOWLEDGE;
            case DUPS_OK -> Session.DUPS_OK_ACKNOWLEDGE;
            case CLIENT -> Session.CLIENT_ACKNOWLEDGE;
            case TRANSACTED -> Session.SESSION_TRANSACTED;
        };
    }

    /** Unique per run, so a durable subscription never outlives its run's meaning. */
    private String subscriptionName() {
        return "jmsbench-" + plan.runId() + "-" + id;
    }

    @Override
    public void onMessage(Message message) {
        counter.message();
        try {
            boolean ours = stamped && audit(message);
            if (groups != null) {
                groups.record(message);
            }
            if (!work.none()) {
                work.spend(); // on the session's thread: it holds up this consumer's deliveries, as a slow one would
            }
            if (responder != null && ours) {
                responder.answer(message, stamps.id(), stamps.sentAt()); // after the work: a service's time
            }
            if (ackEvery == 0 && transactionSize == 0) {
                return;
            }
            if (ackEvery > 0 && ++pending == ackEvery) {
                pending = 0;
                settle(message::acknowledge); // acknowledges every message the session consumed so far
            } else if (transactionSize > 0 && ++pending == transactionSize) {
                pending = 0; // a failed commit rolled the transaction back: the next one starts afresh
                settle(session::commit);
            }
        } catch (JMSException e) {
            counter.error(e);
        }
    }

    /** Audits {@code message}; whether it carries this run's stamps (read into {@link #stamps}). */
    private boolean audit(Message message) throws JMSException {
        if (!stamps.read(message)) {
            unexpected++; // no stamp (single writer: the session's delivery thread)
            return false;
        }
        long id = stamps.id();
        if (AuditHeaders.runTagOf(id) != runTag) {
            unexpected++; // another run's
            return false;
        }
        latency.recordValue(Math.max(0, EpochClock.nanos() - clockOffset - stamps.sentAt()));
        // flagged by the broker, or consumed and not acknowledged when the connection was lost (consumed
        // is called either way: it keeps the id as pending)
        boolean redelivery = message.getJMSRedelivered() | (unacknowledged != null && unacknowledged.consumed(id));
        if (redelivery) {
            redelivered++;
        }
        if (audit) {
            recording.record(AuditHeaders.publisherOf(id), AuditHeaders.sequenceOf(id), redelivery,
                    AuditHeaders.resendOf(id));
        }
        return true;
    }

    /** An acknowledgement or a commit of what the session consumed so far. */
    private interface Settlement {
        void run() throws JMSException;
    }

    /** Acknowledges or commits; when that fails, whatever was pending may come again. */
    private void settle(Settlement settlement) throws JMSException {
        try {
            settlement.run();
        } catch (JMSException e) {
            if (unacknowledged != null) {
                unacknowledged.failed();
            }
            throw e;
        }
        if (unacknowledged != null) {
            unacknowledged.acknowledged();
        }
    }

    private Histogram recycled;

    /** The latencies recorded since the last call; the result is reused by the next call (one reader). */
    Histogram latencyInterval() {
        recycled = latency.getIntervalHistogram(recycled);
        return recycled;
    }

    /** The audit so far; read after the drain, from any thread. */
    ClientAudit audit() {
        return new ClientAudit(id, client.audit(), unexpected, redelivered, streams.states(AuditHeaders::publisherId),
                groups == null ? List.of() : groups.snapshot());
    }

    @Override
    public ClientCount count() {
        return counter.snapshot();
    }

    /** Closes the connection; a durable subscription is removed first, so none is left on the broker. */
    @Override
    public void close() throws JMSException {
        try {
            if (durable && consumer != null) {
                consumer.close();
                session.unsubscribe(subscriptionName());
            }
        } finally {
            connection.close();
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
