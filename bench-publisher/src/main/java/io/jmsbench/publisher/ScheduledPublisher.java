package io.jmsbench.publisher;

import io.jmsbench.agent.PooledClient;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.rate.Pacer;
import io.jmsbench.rate.RateDial;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

/**
 * A publisher client without a thread of its own: a session and a producer on one of the pool's
 * {@link SharedConnections}, whose {@link MessageCycle} a {@link ScheduledPublisherPool} sends when
 * due. Message k is due at start + offset + the time its {@link Pacer} gives; it is stamped with that
 * due time, so a scheduler that falls behind delays every later message's latency rather than hiding
 * the stall.
 * The pool calls {@link #send} for one client from one task at a time, so the session is never
 * used by two threads at once.
 */
final class ScheduledPublisher implements PooledClient {

    /** A profile that starts near rate 0 has a first interval too long to spread its clients over. */
    private static final long MAX_STAGGER_NANOS = 10_000_000_000L;

    private final String id;
    private final String destinationName;
    private final PoolPlan plan;
    private final SharedConnections connections;
    private final int slot;
    private final int group;
    private final long clockOffset;
    private final ClientCounter counter;
    private final Pacer pacer;
    /** Where this client's schedule starts within the pool's first interval, so clients do not send all at once. */
    private final long offsetNanos;
    private MessageCycle cycle;
    private int next;
    private long sequence;
    /** The send of {@code sequence} failed before: it may have reached the broker, so its next one is flagged a resend. */
    private boolean retrying;

    /** Client {@code index} of {@code count} in the pool, on connection {@code slot}, at its plan's rate. */
    ScheduledPublisher(String id, String destinationName, PoolPlan plan, SharedConnections connections, int slot,
                       int group, int index, int count) {
        this(id, destinationName, plan, connections, slot, group, index, count, null);
    }

    /**
     * Client {@code index} of {@code count} in the pool, on connection {@code slot}; {@code group} its
     * publisher group; {@code dial}: the closed loop's rate it follows ({@code null}: its plan's).
     */
    ScheduledPublisher(String id, String destinationName, PoolPlan plan, SharedConnections connections, int slot,
                       int group, int index, int count, RateDial dial) {
        this.id = id;
        this.destinationName = destinationName;
        this.plan = plan;
        this.connections = connections;
        this.slot = slot;
        this.group = group;
        this.clockOffset = plan.clockOffsetNanos();
        this.counter = new ClientCounter(id);
        this.pacer = Pacer.of(plan.ratePerClient(), plan.rateProfile(), dial);
        long firstInterval = pacer.dueNanos(1) - pacer.dueNanos(0);
        this.offsetNanos = (long) (Math.min(firstInterval, MAX_STAGGER_NANOS) * ((double) index / count));
    }

    @Override
    public String id() {
        return id;
    }

    int group() {
        return group;
    }

    @Override
    public void connect() throws JMSException {
        Session session = connections.connection(slot, counter).createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageCycle prepared = MessageCycle.prepare(id, session, plan, destinationName);
        next = prepared.indexOf(sequence);
        cycle = prepared;
    }

    boolean isConnected() {
        return cycle != null;
    }

    @Override
    public String refusal() {
        return connections.refusal(slot);
    }

    /** The pool started at {@code start} ({@code System.nanoTime}): this client's schedule starts its offset later. */
    void started(long start) {
        pacer.started(start + offsetNanos);
    }

    /** When the next message is due, in {@code System.nanoTime}, for a pool that started at {@code start}. */
    long dueNanos(long start) {
        return start + offsetNanos + pacer.dueNanos(sequence);
    }

    /**
     * Sends the next message, stamped with {@code due}; counts it once the send returned. A send that
     * fails is counted as an error and made again under the same number at the pool's next try.
     */
    void send(long due) throws JMSException {
        cycle.send(next, sequence, EpochClock.fromNanoTime(due) - clockOffset, retrying);
        retrying = false;
        sequence++;
        next = cycle.after(next);
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
