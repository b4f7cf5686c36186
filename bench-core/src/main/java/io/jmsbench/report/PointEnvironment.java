package io.jmsbench.report;

import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.Environment.BrokerFacts;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one point ran on: its broker, its agents (each point of a local run has JVMs of its own)
 * and the provider settings its clients really used, which cases can switch (the acknowledgement
 * mode moves OpenWire's listeners between threads). {@code broker} is {@code null} when the point
 * never got one; {@code cpus} when its roles ran on CPU partitions of this host ({@code null}: shared).
 */
public record PointEnvironment(BrokerFacts broker, List<AgentFacts> agents, Map<String, String> providerSettings,
                               CpuPlacement cpus) {

    public static final PointEnvironment NONE = new PointEnvironment(null, List.of(), Map.of());

    public PointEnvironment {
        agents = List.copyOf(agents);
        providerSettings = Collections.unmodifiableMap(new TreeMap<>(providerSettings));
    }

    public PointEnvironment(BrokerFacts broker, List<AgentFacts> agents, Map<String, String> providerSettings) {
        this(broker, agents, providerSettings, null);
    }

    public PointEnvironment withCpus(CpuPlacement placement) {
        return new PointEnvironment(broker, agents, providerSettings, placement);
    }
}
