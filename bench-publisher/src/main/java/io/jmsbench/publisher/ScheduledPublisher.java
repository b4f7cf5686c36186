package io.jmsbench.publisher;

import io.jmsbench.agent.PooledClient;
import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.rate.SendSchedule;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.SizeTable;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * A publisher client without a thread of its own: a session and a producer on one of the pool's
 * {@link SharedConnections}, whose messages a {@link ScheduledPublisherPool} sends when they are
 * due. Message k is due at start + offset + k x interval (at a fixed rate) or at the time its
 * {@link SendSchedule} gives plus the offset (on a profile); it is stamped with that due time, so a
 * scheduler that falls behind delays every later message's latency rather than hiding the stall.
 * The pool calls {@link #send} for one client from one task at a time, so the session is never
 * used by two threads at once.
 */
final class ScheduledPublisher implements PooledClient {

    private final String id;
    private final String destinationName;
    private final PoolPlan plan;
    private final SharedConnections connections;
    private final int slot;
    private final int group;
    private final long clockOffset;
    private final int runTag;
    private final int publisherIndex;
    private final ClientCounter counter;
    private final boolean stamped;
    /** Nanoseconds between messages at a fixed rate; 0 on a profile. */
    private final long intervalNanos;
    private final SendSchedule schedule;
    /** The message's time to live, priority, group and delay ({@code null}: none asked). */
    private final MessageHeaderSetter headers;
    /** Where this client's schedule starts within the pool's first interval, so clients do not send all at once. */
    private final long offsetNanos;
    private Session session;
    private MessageProducer producer;
    private Message[] messages;
    private StampWriter[] stamps;
    private int next;
    private long sequence;
    /** The send of {@code sequence} failed before: it may have reached the broker, so its next one is flagged a resend. */
    private boolean retrying;

    /** Client {@code index} of {@code count} in the pool, on connection {@code slot}; {@code group} its publisher group. */
    ScheduledPublisher(String id, String destinationName, PoolPlan plan, SharedConnections connections, int slot,
                       int group, int index, int count) {
        this.id = id;
        this.destinationName = destinationName;
        this.plan = plan;
        this.connections = connections;
        this.slot = slot;
        this.group = group;
        this.clockOffset = plan.clockOffsetNanos();
        this.runTag = AuditHeaders.runTag(plan.runId());
        this.publisherIndex = AuditHeaders.publisherIndex(id);
        this.counter = new ClientCounter(id);
        this.stamped = plan.message().stamped();
        this.schedule = plan.rateProfile() == null ? null : SendSchedule.of(plan.rateProfile());
        this.headers = plan.message().headers() == null ? null
                : new MessageHeaderSetter(plan.message().headers(), plan.provider());
        this.intervalNanos = schedule != null ? 0 : Math.max(1, Math.round(1e9 / plan.ratePerClient()));
        long firstInterval = schedule != null ? schedule.dueNanos(1) - schedule.dueNanos(0) : intervalNanos;
        this.offsetNanos = (long) (Math.min(firstInterval, MAX_STAGGER_NANOS) * ((double) index / count));
    }

    /** A profile that starts near rate 0 has a first interval too long to spread its clients over. */
    private static final long MAX_STAGGER_NANOS = 10_000_000_000L;

    @Override
    public String id() {
        return id;
    }

    int group() {
        return group;
    }

    @Override
    public void connect() throws JMSException {
        session = connections.connection(slot, counter).createSession(false, Session.AUTO_ACKNOWLEDGE);
        producer = Producers.open(session, plan, destinationName, headers);
        Message[] prepared = new Message[PlannedMessages.count(plan.message(), plan.variants())];
        StampWriter[] writers = new StampWriter[prepared.length];
        for (int i = 0; i < prepared.length; i++) {
            prepared[i] = PlannedMessages.create(session, plan.message(), plan.variants(), i);
            if (headers != null) {
                headers.prepare(prepared[i]);
            }
            if (stamped) {
                writers[i] = StampWriter.forMessage(prepared[i]);
            }
        }
        messages = prepared;
        stamps = writers;
        next = SizeTable.start(id, prepared.length);
    }

    boolean isConnected() {
        return producer != null;
    }

    @Override
    public String refusal() {
        return connections.refusal(slot);
    }

    /** When the next message is due, in {@code System.nanoTime}, for a pool that started at {@code start}. */
    long dueNanos(long start) {
        return start + offsetNanos + (schedule != null ? schedule.dueNanos(sequence) : sequence * intervalNanos);
    }

    /**
     * Sends the next message, stamped with {@code due}; counts it once the send returned. A send that
     * fails is counted as an error and made again under the same number at the pool's next try.
     */
    void send(long due) throws JMSException {
        if (stamped) {
            stamps[next].stamp(AuditHeaders.id(runTag, publisherIndex, sequence, retrying),
                    EpochClock.fromNanoTime(due) - clockOffset);
        }
        if (headers == null || !headers.perSend()) {
            producer.send(messages[next]);
        } else {
            headers.send(producer, messages[next], sequence);
        }
        retrying = false;
        sequence++;
        if (++next == messages.length) {
            next = 0;
        }
        counter.message();
    }

    void failed(Throwable cause) {
        retrying = true;
        counter.error(cause);
    }

    @Override
    public ClientCount count() {
        return counter.snapshot();
    }

    /** Nothing of its own to close: the pool closes the shared connections, and the session with them. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return id;
    }
}
