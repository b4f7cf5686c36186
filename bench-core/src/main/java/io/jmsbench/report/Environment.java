package io.jmsbench.report;

import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.HostFacts;
import io.jmsbench.protocol.JvmFacts;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.ListeningProcess;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Versions, hosts and JVMs of everything that took part in the run, and the disk under the broker's
 * store when {@code run --disk-benchmark} measured it ({@code null} otherwise).
 *
 * <p>Each point carries its own broker, agents and provider settings in {@link PointEnvironment}.
 * Here, {@code broker} and {@code agents} are the first point's (pids, ports and clocks differ on
 * every point), {@code providerSettings} the settings every point used, and {@code variesByPoint}
 * names what differs between points beyond that: a broker of another kind, version or limits,
 * agents elsewhere or otherwise configured, provider settings that a case switched.
 */
public record Environment(String jmsbench, String activemqClient, String qpidJmsClient, BrokerFacts broker,
                          HostFacts controllerHost, JvmFacts controllerJvm, List<AgentFacts> agents,
                          Map<String, String> providerSettings, DiskBenchmark.Result disk,
                          List<String> variesByPoint) {

    public Environment {
        agents = agents == null ? List.of() : List.copyOf(agents);
        variesByPoint = variesByPoint == null ? List.of() : List.copyOf(variesByPoint); // reports before it
    }

    /**
     * The broker: {@code embedded activemq} or {@code embedded artemis} (with its JVM), or {@code external}
     * (JVM unknown, {@code null}). {@code process}: an external broker's process on this machine,
     * found by the port it listens on and measured as the embedded broker's JVM is ({@code null}
     * when embedded, or when none was found here); {@code tls} what a TLS probe negotiated with it
     * ({@code null}: no TLS asked). {@code kindSource}: where an external broker's kind was learned
     * (broker.kind, the provider, the AMQP 1.0 open frame, OpenWire's BrokerInfo); {@code null} when
     * embedded or not known.
     */
    public record BrokerFacts(String kind, String version, String url, Boolean persistent, String dataDirectory,
                              Long memoryLimitMb, JvmFacts jvm, ListeningProcess process, TlsFacts tls,
                              String kindSource) {

        public BrokerFacts(String kind, String version, String url, Boolean persistent, String dataDirectory,
                           Long memoryLimitMb, JvmFacts jvm) {
            this(kind, version, url, persistent, dataDirectory, memoryLimitMb, jvm, null, null, null);
        }

        public BrokerFacts(String kind, String version, String url, Boolean persistent, String dataDirectory,
                           Long memoryLimitMb, JvmFacts jvm, ListeningProcess process, TlsFacts tls) {
            this(kind, version, url, persistent, dataDirectory, memoryLimitMb, jvm, process, tls, null);
        }

        public BrokerFacts withTls(TlsFacts negotiated) {
            return new BrokerFacts(kind, version, url, persistent, dataDirectory, memoryLimitMb, jvm, process,
                    negotiated, kindSource);
        }

        /** An external broker's kind ({@code "external rabbitmq"}), version and where they were learned. */
        public BrokerFacts withKind(String kind, String version, String kindSource) {
            return new BrokerFacts(kind, version, url, persistent, dataDirectory, memoryLimitMb, jvm, process, tls,
                    kindSource);
        }
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
        if (reached.stream().map(p -> stable(p.broker())).distinct().count() > 1) {
            varies.add("broker");
        }
        if (reached.stream().map(p -> p.agents().stream().map(Environment::stable).toList()).distinct().count() > 1) {
            varies.add("agents");
        }
        List<PointEnvironment> prepared = reached.stream().filter(p -> !p.providerSettings().isEmpty()).toList();
        Map<String, String> settings = new LinkedHashMap<>(prepared.isEmpty() ? Map.of()
                : prepared.get(0).providerSettings());
        for (PointEnvironment p : prepared) {
            if (!p.providerSettings().equals(settings) && !varies.contains("providerSettings")) {
                varies.add("providerSettings");
            }
            settings.entrySet().removeIf(e -> !e.getValue().equals(p.providerSettings().get(e.getKey())));
        }
        PointEnvironment first = reached.isEmpty() ? PointEnvironment.NONE : reached.get(0);
        return new Environment(jmsbench, activemqClient, qpidJmsClient, first.broker(), controllerHost, controllerJvm,
                first.agents(), settings, disk, varies);
    }

    /** What a broker is, leaving out what every start of it changes (port, pid, data directory). */
    private static List<Object> stable(BrokerFacts b) {
        return b == null ? List.of() : Arrays.asList(b.kind(), b.version(), b.persistent(), b.memoryLimitMb(),
                b.jvm() == null ? null : b.jvm().flags(), b.tls() == null ? null : b.tls().describe());
    }

    /** Where an agent ran and how, leaving out its pid and its clock, which every point measures anew. */
    private static List<Object> stable(AgentFacts a) {
        return Arrays.asList(a.address(), a.clients(), a.info() == null ? null : a.info().role(),
                a.info() == null ? null : a.info().host().hostname(),
                a.info() == null ? null : a.info().jvm().flags());
    }
}
