package io.jmsbench.agent;

import io.jmsbench.protocol.BrokerProcessMissing;
import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.system.BrokerProcessWatch;
import io.jmsbench.system.Facts;
import io.jmsbench.system.HostSampler;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The pool of an agent started with {@code --role monitor} on the broker's machine: no clients,
 * only the host's resources (CPU, memory, network, disk) in every {@link Counters}, which the
 * validity rules need for a broker the controller did not start, and the broker's own process on
 * this host ({@link io.jmsbench.protocol.HostSample#brokerProcess}), found by the port it listens on.
 */
public final class HostMonitor implements ClientPool {

    private final HostSampler.Cached host = new HostSampler.Cached();
    private final Integer fixedPort;
    private final ToIntFunction<String> portOfUrl;
    private volatile BrokerProcessWatch broker;

    /**
     * A monitor that finds the broker on {@code fixedPort} ({@code --broker-port}) when given, from
     * the start; else on the port of the broker URL each prepare names, as {@code portOfUrl} reads
     * it ({@code -1}: the URL names none).
     */
    public HostMonitor(Integer fixedPort, ToIntFunction<String> portOfUrl) {
        this.fixedPort = fixedPort;
        this.portOfUrl = portOfUrl;
        this.broker = fixedPort == null ? null : new BrokerProcessWatch(fixedPort);
    }

    /** The port the broker listens on: {@code fixedPort} when given, else the URL's; {@code -1}: none. */
    public static int brokerPort(Integer fixedPort, String brokerUrl, ToIntFunction<String> portOfUrl) {
        if (fixedPort != null) {
            return fixedPort;
        }
        return brokerUrl == null ? -1 : portOfUrl.applyAsInt(brokerUrl);
    }

    /** Looks for the broker's process on the plan's broker port, unless that port is watched already. */
    @Override
    public PrepareResult prepare(PoolPlan plan, Duration timeout) {
        int port = brokerPort(fixedPort, plan.brokerUrl(), portOfUrl);
        BrokerProcessWatch watched = broker;
        if (watched == null || watched.port() != port) {
            broker = port < 0 ? null : new BrokerProcessWatch(port);
        }
        return new PrepareResult(0, List.of(), Map.of());
    }

    @Override
    public void start() {
    }

    @Override
    public Counters counters() {
        BrokerProcessWatch watched = broker;
        BrokerProcessSample process = watched == null ? BrokerProcessSample.missing(-1, BrokerProcessMissing.NO_PORT)
                : watched.read();
        return new Counters(System.nanoTime(), System.currentTimeMillis(), Facts.processCpuNanos(),
                Facts.heapUsedBytes(), Facts.threads(), List.of(), host.read().withBrokerProcess(process));
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
