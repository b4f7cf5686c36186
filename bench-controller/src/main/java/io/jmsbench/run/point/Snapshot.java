package io.jmsbench.run.point;

import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessCensus;
import io.jmsbench.system.ProcessResources;

import java.util.Map;

/**
 * Everything read at one instant of a point: the publisher and subscriber agents' cumulative
 * counters (merged over the agents of each role), the subscribers' latencies since the previous
 * reading, the controller's clock, what the controller read on its own machine ({@link
 * Gauges.Reading}), and the resources of every agent's host (and of the broker's, from a monitor
 * agent) by agent name.
 */
public record Snapshot(long nanos, Counters publishers, Counters subscribers, LatencyInterval latency,
                       Gauges.Reading local, Map<String, HostSample> hosts) {

    public Snapshot {
        hosts = Map.copyOf(hosts);
    }

    /**
     * The broker's CPU time so far: its process's on this machine, else as the monitor agent on its
     * host read it; {@code -1} unknown.
     */
    public long brokerCpuNanos() {
        if (local.brokerCpuNanos() >= 0) {
            return local.brokerCpuNanos();
        }
        BrokerProcessSample monitored = monitoredBroker();
        return monitored == null ? -1 : monitored.cpuNanos();
    }

    /** The broker's process as the monitor agent on its host last read it; {@code null}: no monitor, or it did not answer. */
    public BrokerProcessSample monitoredBroker() {
        HostSample host = hosts.get(Workers.BROKER_HOST);
        return host == null ? null : host.brokerProcess();
    }

    /** The controller's own CPU time so far; {@code -1} unknown. */
    public long controllerCpuNanos() {
        return local.controllerCpuNanos();
    }

    /** The broker's memory and disk traffic so far (of a broker on another host, only its memory, from its monitor). */
    public ProcessResources broker() {
        BrokerProcessSample monitored = monitoredBroker();
        return local.broker().rssBytes() >= 0 || monitored == null ? local.broker()
                : new ProcessResources(monitored.rssBytes(), -1, -1);
    }

    /** This host's CPU ticks, in all and per CPU. */
    public HostCpu host() {
        return local.host();
    }

    public long networkBytes() {
        return local.networkBytes();
    }

    /** The messages an external broker held, as its management interface last said; {@code -1} unknown. */
    public long brokerDepth() {
        return local.brokerDepth();
    }

    /** The CPU time of this host's tasks that are not the run's own. */
    public ProcessCensus census() {
        return local.census();
    }
}
