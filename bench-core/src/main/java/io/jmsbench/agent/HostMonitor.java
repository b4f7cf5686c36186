package io.jmsbench.agent;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.system.Facts;
import io.jmsbench.system.HostSampler;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The pool of an agent started with {@code --role monitor} on the broker's machine: no clients,
 * only the host's resources (CPU, memory, network, disk) in every {@link Counters}, which the
 * validity rules need for a broker the controller did not start.
 */
public final class HostMonitor implements ClientPool {

    private final HostSampler.Cached host = new HostSampler.Cached();

    @Override
    public PrepareResult prepare(PoolPlan plan, Duration timeout) {
        return new PrepareResult(0, List.of(), Map.of());
    }

    @Override
    public void start() {
    }

    @Override
    public Counters counters() {
        return new Counters(System.nanoTime(), System.currentTimeMillis(), Facts.processCpuNanos(),
                Facts.heapUsedBytes(), Facts.threads(), List.of(), host.read());
    }

    @Override
    public long messages() {
        return 0;
    }

    @Override
    public Counters stop(Duration timeout) {
        return counters();
    }

    @Override
    public void close(Duration timeout) {
    }
}
