package io.jmsbench.agent;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.jms.TlsClients;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.Credentials;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult.ClientFailure;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.system.Facts;
import io.jmsbench.system.HostSampler;
import jakarta.jms.ConnectionFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What publisher and subscriber pools share: connecting, counting and closing their clients. */
public abstract class ClientPoolBase<C extends PooledClient> implements ClientPool {

    private volatile List<C> clients = List.of();
    private final HostSampler.Cached host = new HostSampler.Cached();

    /** Creates (does not connect) the client described by {@code client}. */
    protected abstract C newClient(PoolPlan plan, ClientPlan client, ConnectionFactory factory);

    /** The connection factory the pool's clients share. */
    protected ConnectionFactory factory(PoolPlan plan) {
        return ConnectionFactories.create(plan.provider(), plan.brokerUrl(), plan.delivery().asyncSend(),
                credentials(plan), plan.tls());
    }

    /** The plan's login as the provider layer takes it ({@code null}: anonymous). */
    protected static BrokerCredentials credentials(PoolPlan plan) {
        Credentials c = plan.credentials();
        return c == null ? null : new BrokerCredentials(c.user(), c.password());
    }

    /** What {@link #factory} set, for the report. */
    protected Map<String, String> settings(PoolPlan plan) {
        return ConnectionFactories.settings(plan.provider(), plan.delivery());
    }

    protected final List<C> clients() {
        return clients;
    }

    @Override
    public synchronized PrepareResult prepare(PoolPlan plan, Duration timeout) {
        close(timeout);
        ConnectionFactory factory = factory(plan);
        List<C> created = new ArrayList<>();
        for (ClientPlan c : plan.clients()) {
            created.add(newClient(plan, c, factory));
        }
        clients = List.copyOf(created);
        List<ClientFailure> failures = new ArrayList<>();
        List<C> now = created.stream().filter(this::connectsWhenPrepared).toList();
        for (Parallel.Failure failure : Parallel.forEach(now, timeout, "connect", PooledClient::connect)) {
            String refusal = created.stream().filter(c -> c.id().equals(failure.item())).map(PooledClient::refusal)
                    .filter(Objects::nonNull).findFirst().orElse(null);
            // the broker's words rather than the timeout or the wrapper they came with
            failures.add(new ClientFailure(failure.item(), refusal == null ? failure.cause()
                    : "the broker refused it: " + refusal));
        }
        Map<String, String> settings = settings(plan);
        settings.put("login", plan.credentials() == null ? "anonymous" : "user " + plan.credentials().user());
        if (plan.tls() != null) {
            settings.put("tls", TlsClients.describe(plan.tls()));
        }
        return new PrepareResult(created.size() - failures.size(), failures, settings);
    }

    /** Whether {@link #prepare} connects {@code client}; one that does not is the pool's to connect later. */
    protected boolean connectsWhenPrepared(C client) {
        return true;
    }

    @Override
    public long messages() {
        long total = 0;
        for (C client : clients) {
            total += client.count().messages();
        }
        return total;
    }

    @Override
    public Counters counters() {
        List<ClientCount> counts = new ArrayList<>();
        for (C client : clients) {
            counts.add(client.count());
        }
        return counters(counts);
    }

    /** {@code counts} read now, with this JVM's and host's figures. */
    protected final Counters counters(List<ClientCount> counts) {
        return new Counters(System.nanoTime(), System.currentTimeMillis(), Facts.processCpuNanos(),
                Facts.heapUsedBytes(), Facts.threads(), counts, host.read());
    }

    @Override
    public synchronized void close(Duration timeout) {
        Parallel.forEach(clients, timeout, "close", PooledClient::close);
    }
}
