package io.jmsbench.subscriber;

import io.jmsbench.agent.ClientPoolBase;
import io.jmsbench.agent.Parallel;
import io.jmsbench.agent.PooledClient;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.metrics.HistogramEncoder;
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
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The subscriber agent's clients: each consumes from the moment it is prepared until closed, but
 * for a late one, connected at its start after the publishers started ({@link #start}), and a
 * leaving one, closed at its stop.
 */
public final class SubscriberPool extends ClientPoolBase<CountingSubscriber> {

    /** How long the late clients of one start may take to connect, together. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private ScheduledExecutorService schedule;

    @Override
    protected CountingSubscriber newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory) {
        return new CountingSubscriber(client, factory, plan);
    }

    @Override
    protected boolean connectsWhenPrepared(CountingSubscriber client) {
        return !client.plan().late();
    }

    @Override
    protected ConnectionFactory factory(PoolPlan plan) {
        return ConnectionFactories.createForSubscribers(plan.provider(), plan.brokerUrl(), plan.delivery(),
                credentials(plan), plan.tls(), responds(plan));
    }

    @Override
    protected Map<String, String> settings(PoolPlan plan) {
        return ConnectionFactories.subscriberSettings(plan.provider(), plan.brokerUrl(), plan.delivery(),
                responds(plan));
    }

    /** Whether some of the plan's clients answer requests: their listeners send. */
    private static boolean responds(PoolPlan plan) {
        return plan.clients().stream().anyMatch(c -> c.reply() != null && !c.reply().requester());
    }

    @Override
    public List<ClientAudit> audit() {
        return clients().stream().map(CountingSubscriber::audit).toList();
    }

    private long intervalStart = System.currentTimeMillis();
    /** Reused by every call, as is the encoder's buffer: a new one grew to the latencies' range each second. */
    private final Histogram merged = Histograms.empty();
    private final HistogramEncoder encoder = new HistogramEncoder();

    /** Every client's latencies since the last call, merged exactly (histograms add). */
    @Override
    public synchronized LatencyInterval latency() {
        merged.reset();
        for (CountingSubscriber client : clients()) {
            merged.add(client.latencyInterval());
        }
        long now = System.currentTimeMillis();
        LatencyInterval interval = new LatencyInterval(intervalStart, now, merged.getTotalCount(),
                encoder.encode(merged));
        intervalStart = now;
        return interval;
    }

    /**
     * The publishers start now: the late clients connect at their start and the leaving ones close
     * at their stop, from now. The others consume from prepare on, so that none misses the first message.
     */
    @Override
    public synchronized void start() {
        cancelSchedule();
        Map<Long, List<CountingSubscriber>> starts = grouped(ClientPlan::startNanos);
        Map<Long, List<CountingSubscriber>> stops = grouped(ClientPlan::stopNanos);
        if (starts.isEmpty() && stops.isEmpty()) {
            return;
        }
        schedule = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "subscriber-schedule");
            t.setDaemon(true);
            return t;
        });
        starts.forEach((at, clients) -> schedule.schedule(() -> connect(clients), at, TimeUnit.NANOSECONDS));
        stops.forEach((at, clients) -> schedule.schedule(() -> Parallel.forEach(clients, CONNECT_TIMEOUT, "close",
                PooledClient::close), at, TimeUnit.NANOSECONDS));
    }

    private Map<Long, List<CountingSubscriber>> grouped(Function<ClientPlan, Long> time) {
        return clients().stream().filter(c -> time.apply(c.plan()) != null)
                .collect(Collectors.groupingBy(c -> time.apply(c.plan()), TreeMap::new, Collectors.toList()));
    }

    private static void connect(List<CountingSubscriber> clients) {
        for (Parallel.Failure failure : Parallel.forEach(clients, CONNECT_TIMEOUT, "connect", PooledClient::connect)) {
            clients.stream().filter(c -> c.id().equals(failure.item())).findFirst().ifPresent(c -> c.failed(
                    "could not connect at its start: " + Objects.requireNonNullElse(c.refusal(), failure.cause())));
        }
    }

    private void cancelSchedule() {
        if (schedule != null) {
            schedule.shutdownNow();
            try {
                schedule.awaitTermination(CONNECT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            schedule = null;
        }
    }

    @Override
    public Counters stop(Duration timeout) {
        return counters();
    }

    @Override
    public synchronized void close(Duration timeout) {
        cancelSchedule();
        super.close(timeout);
    }
}
