package io.jmsbench.publisher;

import io.jmsbench.agent.ClientPoolBase;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import jakarta.jms.ConnectionFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The publisher agent's clients: each sends saturated on its own thread, connection and session. */
public final class PublisherPool extends ClientPoolBase<PublisherClient> {

    private final List<Thread> threads = new ArrayList<>();

    @Override
    protected PublisherClient newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory) {
        return new PublisherClient(client.id(), client.destination(), factory, plan.forClient(client));
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
