package io.jmsbench.subscriber;

import io.jmsbench.agent.ClientPoolBase;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import jakarta.jms.ConnectionFactory;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The subscriber agent's clients: each consumes from the moment it is prepared until closed. */
public final class SubscriberPool extends ClientPoolBase<CountingSubscriber> {

    @Override
    protected CountingSubscriber newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory) {
        return new CountingSubscriber(client.id(), client.selector(), client.destination(), client.audit(), factory,
                plan);
    }

    @Override
    protected ConnectionFactory factory(PoolPlan plan) {
        return ConnectionFactories.createForSubscribers(plan.provider(), plan.brokerUrl(), plan.delivery(),
                credentials(plan), plan.tls());
    }

    @Override
    protected Map<String, String> settings(PoolPlan plan) {
        return ConnectionFactories.subscriberSettings(plan.provider(), plan.brokerUrl(), plan.delivery());
    }

    @Override
    public List<ClientAudit> audit() {
        return clients().stream().map(CountingSubscriber::audit).toList();
    }

    private long intervalStart = System.currentTimeMillis();

    /** Every client's latencies since the last call, merged exactly (histograms add). */
    @Override
    public synchronized LatencyInterval latency() {
        Histogram merged = Histograms.empty();
        for (CountingSubscriber client : clients()) {
            merged.add(client.latencyInterval());
        }
        long now = System.currentTimeMillis();
        LatencyInterval interval = new LatencyInterval(intervalStart, now, merged.getTotalCount(),
                Histograms.encode(merged));
        intervalStart = now;
        return interval;
    }

    @Override
    public void start() {
        // subscribers consume from prepare on, so that none misses the first message
    }

    @Override
    public Counters stop(Duration timeout) {
        return counters();
    }
}
