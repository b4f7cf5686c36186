package io.jmsbench.publisher;

import io.jmsbench.agent.ClientPoolBase;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.rate.RateDial;
import jakarta.jms.ConnectionFactory;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The publisher agent's clients: each sends saturated on its own thread, connection and session. */
public final class PublisherPool extends ClientPoolBase<PublisherClient> {

    private final List<Thread> threads = new ArrayList<>();
    /** The closed loop's rate, when the plan follows one ({@code null} otherwise). */
    private volatile RateDial dial;

    @Override
    public synchronized PrepareResult prepare(PoolPlan plan, Duration timeout) {
        dial = plan.followsClosedLoop() ? new RateDial(plan.ratePerClient()) : null;
        return super.prepare(plan, timeout);
    }

    @Override
    protected PublisherClient newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory) {
        return new PublisherClient(client.id(), client.destination(), factory, plan.sentBy(plan.groupOf(client)),
                client.reply(), dial);
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

    private long repliesSince = System.currentTimeMillis();

    /** Every requester's replies so far and round trips since the last call, merged exactly; {@code null} without requesters. */
    @Override
    public synchronized ReplyInterval replies() {
        List<Requester> requesters = clients().stream().map(PublisherClient::requester).filter(Objects::nonNull).toList();
        if (requesters.isEmpty()) {
            return null;
        }
        Histogram merged = Histograms.empty();
        long replies = 0;
        for (Requester requester : requesters) {
            replies += requester.replies();
            merged.add(requester.roundTripInterval());
        }
        long now = System.currentTimeMillis();
        ReplyInterval interval = new ReplyInterval(repliesSince, now, replies, merged.getTotalCount(),
                Histograms.encode(merged));
        repliesSince = now;
        return interval;
    }

    @Override
    public synchronized void start() {
        for (PublisherClient client : clients()) {
            if (client.isConnected()) {
                Thread thread = new Thread(client, "publisher-" + client.id());
                thread.setDaemon(true);
                threads.add(thread);
                thread.start();
            }
        }
    }

    @Override
    public synchronized Counters stop(Duration timeout) {
        clients().forEach(PublisherClient::requestStop);
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread thread : threads) {
            try {
                thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        threads.clear();
        // a client blocked in send() (producer flow control) is released when close() closes its connection
        return counters();
    }
}
