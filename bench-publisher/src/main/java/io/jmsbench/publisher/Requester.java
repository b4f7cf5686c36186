package io.jmsbench.publisher;

import io.jmsbench.jms.StampReader;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ReplyPlan;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.Connection;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * A requester's reply side, beside its publisher: a session of its own on the publisher's connection,
 * a consumer on the reply queue (a temporary queue of its own, or the fixed queue with a selector on
 * its own {@code JMSCorrelationID}), and the round trip of every reply: from its request's stamped
 * send time (the intended one at a fixed rate, so a stall counts in every later round trip) to the
 * reply's arrival. Replies arrive on the session's delivery thread, the only writer here.
 */
final class Requester implements MessageListener {

    private final ReplyPlan plan;
    private final String correlationId;
    private final int runTag;
    private final int publisherIndex;
    private final long clockOffset;
    private final ClientCounter errors;
    private final StampReader stamps = new StampReader();
    private final SingleWriterRecorder roundTrip = new SingleWriterRecorder(Histograms.DIGITS);
    private volatile long replies;
    private Histogram recycled;

    /** {@code clientId}'s reply side in run {@code runId}; receive errors count on {@code errors}. */
    Requester(ReplyPlan plan, String runId, String clientId, long clockOffsetNanos, ClientCounter errors) {
        this.plan = plan;
        this.correlationId = "jmsbench-" + runId + "-" + clientId;
        this.runTag = AuditHeaders.runTag(runId);
        this.publisherIndex = AuditHeaders.publisherIndex(clientId);
        this.clockOffset = clockOffsetNanos;
        this.errors = errors;
    }

    /**
     * Opens the reply consumer on {@code connection} and starts its delivery, then addresses each of
     * the prepared {@code requests} to it ({@code JMSReplyTo}; with a fixed queue, {@code JMSCorrelationID} too).
     */
    void open(Connection connection, Message[] requests) throws JMSException {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        boolean fixed = plan.queue() != null;
        Destination replyTo = fixed ? session.createQueue(plan.queue()) : session.createTemporaryQueue();
        MessageConsumer consumer = session.createConsumer(replyTo,
                fixed ? "JMSCorrelationID = '" + correlationId + "'" : null);
        consumer.setMessageListener(this);
        for (Message request : requests) {
            request.setJMSReplyTo(replyTo);
            if (fixed) {
                request.setJMSCorrelationID(correlationId);
            }
        }
        connection.start();
    }

    @Override
    public void onMessage(Message reply) {
        try {
            if (!stamps.read(reply)) {
                return;
            }
            long id = stamps.id();
            if (AuditHeaders.runTagOf(id) != runTag || AuditHeaders.publisherOf(id) != publisherIndex) {
                return; // another run's, or (on a shared queue with a selector the broker ignored) another's
            }
            roundTrip.recordValue(Math.max(0, EpochClock.nanos() - clockOffset - stamps.sentAt()));
            replies++; // single writer: the session's delivery thread
        } catch (JMSException | RuntimeException e) {
            errors.error(e);
        }
    }

    /** Replies to this requester's own requests so far. */
    long replies() {
        return replies;
    }

    /** The round trips recorded since the last call; the result is reused by the next call (one reader). */
    Histogram roundTripInterval() {
        recycled = roundTrip.getIntervalHistogram(recycled);
        return recycled;
    }
}
