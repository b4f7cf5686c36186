package io.jmsbench.publisher;

import io.jmsbench.agent.ClientPoolBase;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.Provider;
import io.jmsbench.rate.RateDial;
import jakarta.jms.ConnectionFactory;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Many low-rate publishers in one JVM ({@code publishers.connections}): the clients share
 * {@link PoolPlan#connections} connections, each with a session and producer of its own, and a few
 * scheduler threads send every client's messages when they are due, in the order they are due
 * (a {@link ScheduledThreadPoolExecutor}: a heap of tasks by due time), rather than a thread per
 * client. What it costs in I/O threads is the provider's: ActiveMQ's {@code tcp://} transport
 * reads each connection on a thread of its own (so one per shared connection; a {@code nio://}
 * URL shares a selector's), Qpid JMS is told to share {@link #ioThreads} Netty event loops
 * ({@code transport.sharedEventLoopThreads}) between its connections, and Artemis's core client
 * shares its global Netty pools anyway.
 *
 * <p>Every send records its schedule lag, the time from its due time until the scheduler began it,
 * in nanoseconds; {@link #latency} hands those since the previous call (on a publisher agent's
 * {@code GET /latency}). Its per-second {@link #counters} are one sum per publisher group, not a
 * count per client; {@link #stop} answers per client, for the audit.
 */
final class ScheduledPublisherPool extends ClientPoolBase<ScheduledPublisher> {

    /** Retry a failed send this much later, as a thread-per-client publisher pauses after an error. */
    private static final long ERROR_PAUSE_NANOS = 100_000_000;
    private static final int MAX_SENDER_THREADS = 8;

    private SharedConnections connections;
    private int created;
    private ScheduledThreadPoolExecutor scheduler;
    private volatile boolean running;
    private volatile long started;
    /** The closed loop's rate, when the plan follows one ({@code null} otherwise). */
    private volatile RateDial dial;
    private final Recorder lag = new Recorder(Histograms.DIGITS);
    private long lagSince = System.currentTimeMillis();

    /** Scheduler threads for {@code connections} shared connections: as many, from 2 to {@value #MAX_SENDER_THREADS}. */
    static int senderThreads(int connections) {
        return Math.max(2, Math.min(MAX_SENDER_THREADS, connections));
    }

    /** Qpid JMS event loop threads shared by the connections: as many as the scheduler's. */
    static int ioThreads(int connections) {
        return senderThreads(connections);
    }

    @Override
    public synchronized PrepareResult prepare(PoolPlan plan, Duration timeout) {
        close(timeout);
        created = 0;
        connections = null;
        dial = plan.followsClosedLoop() ? new RateDial(plan.ratePerClient()) : null;
        return super.prepare(plan, timeout);
    }

    @Override
    protected ConnectionFactory factory(PoolPlan plan) {
        String url = plan.provider() == Provider.AMQP ? sharedEventLoops(plan.brokerUrl(), ioThreads(plan.connections()))
                : plan.brokerUrl();
        return ConnectionFactories.create(plan.provider(), url, plan.delivery().asyncSend(), credentials(plan),
                plan.tls());
    }

    /** {@code url} with Qpid JMS told to share {@code threads} event loop threads between its connections. */
    static String sharedEventLoops(String url, int threads) {
        boolean failover = url.startsWith("failover:");
        String option = (failover ? "failover.nested." : "") + "transport.sharedEventLoopThreads=" + threads;
        int queryFrom = failover ? url.lastIndexOf(')') + 1 : 0;
        return url + (url.indexOf('?', queryFrom) < 0 ? "?" : "&") + option;
    }

    @Override
    protected Map<String, String> settings(PoolPlan plan) {
        Map<String, String> s = super.settings(plan);
        s.put("sharedConnections", plan.connections() + " for " + plan.clients().size() + " clients");
        s.put("senderThreads", Integer.toString(senderThreads(plan.connections())));
        if (plan.provider() == Provider.AMQP) {
            s.put("sharedEventLoopThreads", Integer.toString(ioThreads(plan.connections())));
        }
        return s;
    }

    @Override
    protected ScheduledPublisher newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory) {
        if (connections == null) {
            connections = new SharedConnections(factory, plan.connections(), plan.clockOffsetNanos());
        }
        int index = created++;
        PoolPlan sent = plan.sentBy(plan.groupOf(client));
        return new ScheduledPublisher(client.id(), client.destination(), sent, connections, connections.slotOf(index),
                client.group(), index, plan.clients().size(), dial);
    }

    @Override
    public boolean rate(double ratePerClient) {
        RateDial d = dial;
        if (d == null) {
            return false;
        }
        d.set(ratePerClient, System.nanoTime());
        return true;
    }

    @Override
    public synchronized void start() {
        List<ScheduledPublisher> ready = clients().stream().filter(ScheduledPublisher::isConnected).toList();
        if (ready.isEmpty() || scheduler != null) {
            return;
        }
        AtomicInteger n = new AtomicInteger();
        scheduler = new ScheduledThreadPoolExecutor(senderThreads(connections.size()), r -> {
            Thread t = new Thread(r, "scheduled-sender-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        running = true;
        started = System.nanoTime();
        lag.reset();
        lagSince = System.currentTimeMillis();
        for (ScheduledPublisher client : ready) {
            client.started(started);
            schedule(scheduler, client, client.dueNanos(started), client.dueNanos(started));
        }
    }

    /** Runs {@link #fire} for {@code client}'s message due at {@code due} when {@code at} comes. */
    private void schedule(ScheduledThreadPoolExecutor on, ScheduledPublisher client, long due, long at) {
        if (running) {
            on.schedule(() -> fire(on, client, due), at - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
    }

    /** One client's due message, on a scheduler thread; then the client's next one is scheduled. */
    private void fire(ScheduledThreadPoolExecutor on, ScheduledPublisher client, long due) {
        if (!running) {
            return;
        }
        try {
            lag.recordValue(Math.max(0, System.nanoTime() - due));
            client.send(due);
        } catch (Exception e) {
            if (running) {
                client.failed(e);
                // the same message, still stamped with its due time, once the pause is over
                schedule(on, client, due, System.nanoTime() + ERROR_PAUSE_NANOS);
            }
            return;
        }
        long next = client.dueNanos(started);
        schedule(on, client, next, next);
    }

    /** One count per publisher group, the sum of its clients' ({@link ClientCount#of}). */
    @Override
    public Counters counters() {
        Map<Integer, List<ClientCount>> byGroup = new LinkedHashMap<>();
        for (ScheduledPublisher client : clients()) {
            byGroup.computeIfAbsent(client.group(), g -> new ArrayList<>()).add(client.count());
        }
        return counters(byGroup.values().stream().map(ClientCount::of).toList());
    }

    /** The schedule lag of the sends since the previous call, in nanoseconds; {@code null} before the first start. */
    @Override
    public synchronized LatencyInterval latency() {
        if (started == 0) {
            return null;
        }
        Histogram interval = lag.getIntervalHistogram();
        long now = System.currentTimeMillis();
        LatencyInterval answer = new LatencyInterval(lagSince, now, interval.getTotalCount(),
                Histograms.encode(interval));
        lagSince = now;
        return answer;
    }

    @Override
    public synchronized Counters stop(Duration timeout) {
        running = false;
        ScheduledThreadPoolExecutor s = scheduler;
        scheduler = null;
        if (s != null) {
            s.shutdownNow(); // the tasks not begun go; those sending finish their send
            try {
                s.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return super.counters();
    }

    @Override
    public synchronized void close(Duration timeout) {
        running = false;
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
        super.close(timeout);
        if (connections != null) {
            connections.closeAll(timeout);
        }
    }
}
