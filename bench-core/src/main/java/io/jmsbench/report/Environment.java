package io.jmsbench.report;

import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.HostFacts;
import io.jmsbench.protocol.JvmFacts;
import io.jmsbench.system.DiskBenchmark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Versions, hosts and JVMs of everything that took part in the run, and the disk under the broker's
 * store when {@code run --disk-benchmark} measured it ({@code null} otherwise).
 *
 * <p>{@code broker}, {@code agents} and {@code providerSettings} are what every point shares; each
 * point carries its own in {@link PointEnvironment}. Where the points differ, {@code variesByPoint}
 * names the field, and the field here keeps only the shared part: the provider settings every
 * point used, no broker, no agents.
 */
public record Environment(String jmsbench, String activemqClient, String qpidJmsClient, BrokerFacts broker,
                          HostFacts controllerHost, JvmFacts controllerJvm, List<AgentFacts> agents,
                          Map<String, String> providerSettings, DiskBenchmark.Result disk,
                          List<String> variesByPoint) {

    public Environment {
        agents = List.copyOf(agents);
        variesByPoint = List.copyOf(variesByPoint);
    }

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

    /** The run-wide part of the environment of {@code points}: see the class comment. */
    public static Environment of(String jmsbench, String activemqClient, String qpidJmsClient, HostFacts controllerHost,
                                 JvmFacts controllerJvm, DiskBenchmark.Result disk, List<PointEnvironment> points) {
        List<PointEnvironment> reached = points.stream().filter(p -> p.broker() != null || !p.agents().isEmpty())
                .toList();
        List<String> varies = new ArrayList<>();
        BrokerFacts broker = shared(reached, PointEnvironment::broker, "broker", varies);
        List<AgentFacts> agents = shared(reached, PointEnvironment::agents, "agents", varies);
        Map<String, String> settings = new LinkedHashMap<>(reached.isEmpty() ? Map.of() : reached.get(0).providerSettings());
        for (PointEnvironment p : reached) {
            if (!p.providerSettings().equals(settings) && !varies.contains("providerSettings")) {
                varies.add("providerSettings");
            }
            settings.entrySet().removeIf(e -> !e.getValue().equals(p.providerSettings().get(e.getKey())));
        }
        return new Environment(jmsbench, activemqClient, qpidJmsClient, broker, controllerHost, controllerJvm,
                agents == null ? List.of() : agents, settings, disk, varies);
    }

    private static <T> T shared(List<PointEnvironment> points, java.util.function.Function<PointEnvironment, T> field,
                                String name, List<String> varies) {
        if (points.isEmpty()) {
            return null;
        }
        T first = field.apply(points.get(0));
        for (PointEnvironment p : points) {
            if (!Objects.equals(first, field.apply(p))) {
                varies.add(name);
                return null;
            }
        }
        return first;
    }
}
