package io.jmsbench.publisher;

import io.jmsbench.agent.ClientConnection;
import io.jmsbench.agent.PooledClient;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.ReplyPlan;
import io.jmsbench.rate.Pacer;
import io.jmsbench.rate.RateDial;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

import java.util.concurrent.locks.LockSupport;

/**
 * A publisher client (the paper's design): one connection, one session, one producer, sending its
 * {@link MessageCycle} until asked to stop, as its {@link Pacer} says: saturated (as fast as
 * {@code send()} returns), at a fixed rate or on a rate profile. A paced message waits for its due
 * time and carries it, so a stall delays every later message's latency instead of hiding (no
 * coordinated omission); a publisher behind schedule sends at once, never skipping messages.
 */
final class PublisherClient implements PooledClient, Runnable {

    private static final long ERROR_PAUSE_MS = 100;

    private final String id;
    private final String destinationName;
    private final ConnectionFactory factory;
    private final PoolPlan plan;
    /** This agent's clock minus the controller's: stamps are written on the controller's clock. */
    private final long clockOffset;
    private final ClientCounter counter;
    private final ClientConnection connection;
    private volatile boolean running = true;
    private MessageCycle cycle;
    private final int transactionSize;
    private long sequence;
    private Session session;
    private int uncommitted;
    /** The reply side when this publisher is a requester ({@code null} otherwise). */
    private final Requester requester;
    /** The pool's closed-loop rate ({@code null}: the plan's rate does not change). */
    private final RateDial dial;

    /** A publisher that, with {@code reply}, is a requester ({@code null}: it only publishes), at its plan's rate. */
    PublisherClient(String id, String destinationName, ConnectionFactory factory, PoolPlan plan, ReplyPlan reply) {
        this(id, destinationName, factory, plan, reply, null);
    }

    /**
     * A publisher that, with {@code reply}, is a requester ({@code null}: it only publishes); with a
     * {@code dial}, at the rate a closed loop sets.
     */
    PublisherClient(String id, String destinationName, ConnectionFactory factory, PoolPlan plan, ReplyPlan reply,
                    RateDial dial) {
        this.id = id;
        this.dial = dial;
        this.destinationName = destinationName;
        this.transactionSize = plan.delivery().transacted() ? plan.delivery().transactionSize() : 0;
        this.clockOffset = plan.clockOffsetNanos();
        this.factory = factory;
        this.plan = plan;
        this.counter = new ClientCounter(id);
        this.connection = new ClientConnection(counter, clockOffset, () -> { }); // a loss leaves nothing to forget
        this.requester = reply == null ? null : new Requester(reply, plan.runId(), id, clockOffset, counter);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public void connect() throws JMSException {
        connection.open(factory, null, this::open);
    }

    @Override
    public String refusal() {
        return connection.refusal();
    }

    private void open(Connection c) throws JMSException {
        session = transactionSize > 0 ? c.createSession(true, Session.SESSION_TRANSACTED)
                : c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageCycle prepared = MessageCycle.prepare(id, session, plan, destinationName);
        if (requester != null) {
            requester.open(c, prepared.messages());
        }
        cycle = prepared;
    }

    /** The reply side; {@code null} unless a requester. */
    Requester requester() {
        return requester;
    }

    boolean isConnected() {
        return cycle != null;
    }

    @Override
    public void run() {
        try {
            sendUntilStopped();
        } finally {
            if (uncommitted > 0) {
                try {
                    commit(false); // never sent again: no fault fails it
                } catch (JMSException | RuntimeException e) {
                    counter.error(e);
                }
            }
        }
    }

    private void sendUntilStopped() {
        // made on this thread, as are the loop's locals: objects of clients allocated side by side
        // could share a cache line that every send would then take from another core
        Pacer pacer = Pacer.of(plan.ratePerClient(), plan.rateProfile(), dial);
        boolean paced = pacer.paced();
        MessageCycle cycle = this.cycle;
        long start = System.nanoTime();
        pacer.started(start);
        long sequence = this.sequence;
        int next = cycle.indexOf(sequence);
        // Sends numbered below this are made again after a failure: a send that failed, or a transaction
        // whose commit failed (rolled back, or in doubt: it may have committed all the same)
        long resendBelow = sequence;
        long transactionFirst = sequence; // the open transaction's first message
        while (running) {
            boolean resend = sequence < resendBelow;
            try {
                long sentAt = paced ? awaitDue(start + pacer.dueNanos(sequence)) : EpochClock.nanos() - clockOffset;
                cycle.send(next, sequence, sentAt, resend);
                sequence++; // only once the send succeeded: a failed send is retried under the same number
                next = cycle.after(next);
                if (transactionSize == 0) {
                    counter.message();
                } else if (++uncommitted == transactionSize) {
                    try {
                        commit(transactionFirst >= resendBelow);
                    } catch (JMSException | RuntimeException e) {
                        // rolled back or in doubt: the whole transaction is sent again, each message flagged
                        resendBelow = sequence;
                        sequence = transactionFirst;
                        next = cycle.indexOf(sequence);
                        rollbackQuietly();
                        throw e;
                    }
                    transactionFirst = sequence;
                }
            } catch (JMSException | RuntimeException e) {
                if (!running) {
                    break;
                }
                counter.error(e);
                resendBelow = Math.max(resendBelow, sequence + 1);
                pause();
            }
        }
        this.sequence = sequence;
    }

    /** Waits until {@code due} (nanoTime) or a stop; the message's intended send time, on the controller's clock. */
    private long awaitDue(long due) {
        long wait;
        while ((wait = due - System.nanoTime()) > 0 && running) {
            LockSupport.parkNanos(wait);
        }
        return EpochClock.fromNanoTime(due) - clockOffset;
    }

    /** A transaction's messages count as sent once committed: only then has the broker accepted them. */
    private void commit(boolean firstTry) throws JMSException {
        int messages = uncommitted;
        uncommitted = 0; // committed, or failed: then rolled back and sent again
        cycle.commit(firstTry);
        counter.messages(messages);
    }

    /** After a commit that failed: whatever the session still holds of the transaction goes. */
    private void rollbackQuietly() {
        uncommitted = 0;
        try {
            session.rollback();
        } catch (JMSException | RuntimeException e) {
            // the connection is most likely down: the failed commit was counted, and the resends will say more
        }
    }

    void requestStop() {
        running = false;
    }

    @Override
    public ClientCount count() {
        return counter.snapshot();
    }

    @Override
    public void close() throws JMSException {
        running = false;
        connection.close();
    }

    private static void pause() {
        try {
            Thread.sleep(ERROR_PAUSE_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
