package io.jmsbench.report;

import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.HostFacts;
import io.jmsbench.protocol.JvmFacts;
import io.jmsbench.system.DiskBenchmark;

import java.util.List;
import java.util.Map;

/**
 * Versions, hosts and JVMs of everything that took part in the run, and the disk under the broker's
 * store when {@code run --disk-benchmark} measured it ({@code null} otherwise).
 */
public record Environment(String jmsbench, String activemqClient, String qpidJmsClient, BrokerFacts broker,
                          HostFacts controllerHost, JvmFacts controllerJvm, List<AgentFacts> agents,
                          Map<String, String> providerSettings, DiskBenchmark.Result disk) {

    /** The broker: {@code embedded activemq} (with its JVM) or {@code external} (JVM unknown, {@code null}). */
    public record BrokerFacts(String kind, String version, String url, Boolean persistent, String dataDirectory,
                              Long memoryLimitMb, JvmFacts jvm) {
    }

    /**
     * One agent JVM: where it ran ({@code address} null for one the controller started here), the
     * clients it held, its clock against the controller's, and what it reported about itself.
     */
    public record AgentFacts(String name, String address, int clients, List<String> clientIds, ClockOffset clock,
                             AgentInfo info) {
    }
}
