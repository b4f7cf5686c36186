package io.jmsbench.publisher;

import io.jmsbench.agent.PooledClient;
import io.jmsbench.jms.BrokerRefusal;
import io.jmsbench.jms.ConnectionLosses;
import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.ClientCounter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.ReplyPlan;
import io.jmsbench.rate.SendSchedule;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.SizeTable;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

import java.util.concurrent.locks.LockSupport;

/**
 * A publisher client (the paper's design): one connection, one session, one producer, sending the
 * prepared messages round robin until asked to stop, either saturated (as fast as {@code send()}
 * returns), at a fixed rate or at a rate that changes over time. At a fixed rate, message k is due
 * at start + k x interval, on a profile at the time its {@link SendSchedule} gives, and carries
 * that intended time, so a stall delays every later message's latency instead of hiding (no
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
    private final int runTag;
    private final int publisherIndex;
    private final ClientCounter counter;
    private volatile boolean running = true;
    private volatile Connection connection;
    private final BrokerRefusal refusal = new BrokerRefusal();
    private MessageProducer producer;
    private Message[] messages;
    /** Per message: where its stamps go (null when unstamped). */
    private StampWriter[] stamps;
    private int next;

    private final int transactionSize;
    private final boolean stamped;
    private final int dropEvery;
    private final int repeatEvery;
    private final int failAfterSendEvery;
    private final int failAfterCommitEvery;
    private long commits;
    private long sequence;
    /** Nanoseconds between messages at a fixed rate; 0 when saturated or on a profile. */
    private final long intervalNanos;
    /** When each message is due on a rate profile; {@code null} at a fixed rate or saturated. */
    private final SendSchedule schedule;
    private Session session;
    private int uncommitted;
    /** Time to live, priority, groups, delivery delay: {@code null} when the plan sets none. */
    private final MessageHeaderSetter headers;
    /** The reply side when this publisher is a requester ({@code null} otherwise). */
    private final Requester requester;

    PublisherClient(String id, String destinationName, ConnectionFactory factory, PoolPlan plan) {
        this(id, destinationName, factory, plan, null);
    }

    /** A publisher that, with {@code reply}, is a requester ({@code null}: it only publishes). */
    PublisherClient(String id, String destinationName, ConnectionFactory factory, PoolPlan plan, ReplyPlan reply) {
        this.id = id;
        this.destinationName = destinationName;
        this.transactionSize = plan.delivery().transacted() ? plan.delivery().transactionSize() : 0;
        this.schedule = plan.rateProfile() == null ? null : SendSchedule.of(plan.rateProfile());
        this.intervalNanos = schedule != null || Double.isNaN(plan.ratePerClient()) ? 0
                : Math.max(1, Math.round(1e9 / plan.ratePerClient()));
        this.stamped = plan.message().stamped();
        this.clockOffset = plan.clockOffsetNanos();
        this.runTag = AuditHeaders.runTag(plan.runId());
        this.publisherIndex = AuditHeaders.publisherIndex(id);
        this.dropEvery = plan.faults() == null ? 0 : plan.faults().dropEvery();
        this.repeatEvery = plan.faults() == null ? 0 : plan.faults().repeatEvery();
        this.failAfterSendEvery = plan.faults() == null ? 0 : plan.faults().failAfterSendEvery();
        this.failAfterCommitEvery = plan.faults() == null ? 0 : plan.faults().failAfterCommitEvery();
        this.factory = factory;
        this.plan = plan;
        this.counter = new ClientCounter(id);
        this.headers = plan.message().headers() == null ? null
                : new MessageHeaderSetter(plan.message().headers(), plan.provider());
        this.requester = reply == null ? null : new Requester(reply, plan.runId(), id, clockOffset, counter);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public void connect() throws JMSException {
        refusal.connecting();
        try {
            connectNow();
        } catch (JMSException | RuntimeException e) {
            refusal.heard(e);
            throw e;
        } finally {
            refusal.connected();
        }
    }

    @Override
    public String refusal() {
        return refusal.words();
    }

    private void connectNow() throws JMSException {
        Connection c = factory.createConnection();
        connection = c;
        c.setExceptionListener(e -> {
            counter.error(e);
            refusal.heard(e);
        });
        ConnectionLosses.watch(c, new ConnectionLosses.Listener() {
            @Override
            public void lost() {
                counter.connectionLost(controllerMillis());
            }

            @Override
            public void restored() {
                counter.reconnected(controllerMillis());
            }

            @Override
            public void closedByBroker(Throwable cause) {
                counter.error(cause);
                refusal.heard(cause);
            }
        });
        session = transactionSize > 0 ? c.createSession(true, Session.SESSION_TRANSACTED)
                : c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        producer = Producers.open(session, plan, destinationName, headers);
        messages = new Message[PlannedMessages.count(plan.message(), plan.variants())];
        stamps = new StampWriter[messages.length];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = PlannedMessages.create(session, plan.message(), plan.variants(), i);
            if (headers != null) {
                headers.prepare(messages[i]);
            }
            if (stamped) {
                stamps[i] = StampWriter.forMessage(messages[i]);
            }
        }
        next = SizeTable.start(id, messages.length);
        if (requester != null) {
            requester.open(c, messages);
        }
    }

    /** The reply side; {@code null} unless a requester. */
    Requester requester() {
        return requester;
    }

    boolean isConnected() {
        return producer != null;
    }

    @Override
    public void run() {
        try {
            sendUntilStopped();
        } finally {
            if (uncommitted > 0) {
                try {
                    commit(false);
                } catch (JMSException | RuntimeException e) {
                    counter.error(e);
                }
            }
        }
    }

    private void sendUntilStopped() {
        long start = System.nanoTime();
        // the loop's own state lives in locals: fields of clients allocated side by side could
        // share a cache line that every send would then take from another core
        long sequence = this.sequence;
        int next = this.next;
        // Sends numbered below this are made again after a failure: a send that failed, or a transaction
        // whose commit failed (rolled back, or in doubt: it may have committed all the same)
        long resendBelow = sequence;
        long transactionFirst = sequence; // the open transaction's first message, and its variant
        int transactionFirstNext = next;
        while (running) {
            boolean resend = sequence < resendBelow;
            try {
                Message message = messages[next];
                long sentAt;
                if (intervalNanos > 0) {
                    sentAt = awaitDue(start + sequence * intervalNanos);
                } else if (schedule != null) {
                    sentAt = awaitDue(start + schedule.dueNanos(sequence));
                } else {
                    sentAt = EpochClock.nanos() - clockOffset;
                }
                if (stamped) {
                    stamps[next].stamp(AuditHeaders.id(runTag, publisherIndex, sequence, resend), sentAt);
                }
                if (dropEvery == 0 || (sequence + 1) % dropEvery != 0) {
                    send(message, sequence);
                    if (repeatEvery > 0 && (sequence + 1) % repeatEvery == 0) {
                        send(message, sequence);
                    }
                    if (failAfterSendEvery > 0 && !resend && (sequence + 1) % failAfterSendEvery == 0) {
                        throw new JMSException("test hook: the send of " + sequence + " reported failed after the "
                                + "broker took it");
                    }
                }
                sequence++; // only once the send succeeded: a failed send is retried under the same number
                if (++next == messages.length) {
                    next = 0;
                }
                if (transactionSize == 0) {
                    counter.message();
                } else if (++uncommitted == transactionSize) {
                    try {
                        commit(transactionFirst >= resendBelow);
                    } catch (JMSException | RuntimeException e) {
                        // rolled back or in doubt: the whole transaction is sent again, each message flagged
                        resendBelow = sequence;
                        sequence = transactionFirst;
                        next = transactionFirstNext;
                        rollbackQuietly();
                        throw e;
                    }
                    transactionFirst = sequence;
                    transactionFirstNext = next;
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
        this.next = next;
    }

    private void send(Message message, long sequence) throws JMSException {
        if (headers == null || !headers.perSend()) {
            producer.send(message);
        } else {
            headers.send(producer, message, sequence);
        }
    }

    /** Waits until {@code due} (nanoTime) or a stop; the message's intended send time, on the controller's clock. */
    private long awaitDue(long due) {
        long wait;
        while ((wait = due - System.nanoTime()) > 0 && running) {
            LockSupport.parkNanos(wait);
        }
        return EpochClock.fromNanoTime(due) - clockOffset;
    }

    /**
     * A transaction's messages count as sent once committed: only then has the broker accepted them.
     * {@code hookMayFail}: the test hook may report this commit failed (never a transaction sent again).
     */
    private void commit(boolean hookMayFail) throws JMSException {
        session.commit();
        if (hookMayFail && failAfterCommitEvery > 0 && ++commits % failAfterCommitEvery == 0) {
            uncommitted = 0;
            throw new JMSException("test hook: commit " + commits + " reported failed after the broker committed");
        }
        counter.messages(uncommitted);
        uncommitted = 0;
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

    /** Now, in epoch milliseconds on the controller's clock. */
    private long controllerMillis() {
        return (EpochClock.nanos() - clockOffset) / 1_000_000;
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
        Connection c = connection;
        if (c != null) {
            c.close();
        }
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
