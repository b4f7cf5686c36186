package io.jmsbench.regression;

import io.jmsbench.report.CpuPlacement;
import io.jmsbench.report.Environment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What a run is a measurement of, part by part, as {@code compare} shows and checks it: values
 * are read from the report, each point's broker and agents included, so a sweep across brokers
 * lists them all. {@code scenarioSha256} is null for reports written before it was recorded.
 */
public record RunFingerprint(String scenarioName, String scenarioSha256, Map<FingerprintPart, String> parts) {

    public RunFingerprint {
        parts = Collections.unmodifiableMap(new EnumMap<>(parts)); // in the enum's order, in every output
    }

    public String value(FingerprintPart part) {
        return parts.get(part);
    }

    /** Each point's placement on the host's CPUs, once each: "shared" or the roles' CPU lists. */
    private static String cpus(Report report) {
        TreeSet<String> placements = new TreeSet<>();
        for (PointResult p : report.points()) {
            CpuPlacement c = p.environment() == null ? null : p.environment().cpus();
            placements.add(c == null ? "shared" : "broker " + c.given().get("broker") + ", publishers "
                    + c.given().get("publishers") + ", subscribers " + c.given().get("subscribers") + " ("
                    + c.appliedWith() + ")");
        }
        return String.join("; ", placements);
    }

    public static RunFingerprint of(Report report) {
        Environment env = report.environment();
        Map<FingerprintPart, String> parts = new EnumMap<>(FingerprintPart.class);
        String name = report.scenario() == null ? "?" : report.scenario().name();
        parts.put(FingerprintPart.SCENARIO, name + (report.scenarioSha256() == null ? " (no content hash recorded)"
                : " (sha256 " + report.scenarioSha256().substring(0, 12) + ")"));
        TreeSet<String> brokers = new TreeSet<>();
        TreeSet<String> jvms = new TreeSet<>();
        TreeSet<Integer> cores = new TreeSet<>();
        List<Environment.BrokerFacts> brokerFacts = new ArrayList<>();
        List<Environment.AgentFacts> agents = new ArrayList<>();
        if (env != null) {
            brokerFacts.add(env.broker());
            agents.addAll(env.agents());
            if (env.controllerJvm() != null) {
                jvms.add(env.controllerJvm().javaVersion());
            }
            if (env.controllerHost() != null) {
                cores.add(env.controllerHost().cores());
            }
        }
        for (PointResult p : report.points()) {
            if (p.environment() != null) {
                brokerFacts.add(p.environment().broker());
                agents.addAll(p.environment().agents());
            }
        }
        for (Environment.BrokerFacts b : brokerFacts) {
            if (b != null) {
                brokers.add(b.kind() + " " + b.version());
                if (b.jvm() != null) {
                    jvms.add(b.jvm().javaVersion());
                }
            }
        }
        for (Environment.AgentFacts a : agents) {
            if (a.info() != null && a.info().jvm() != null) {
                jvms.add(a.info().jvm().javaVersion());
            }
            if (a.info() != null && a.info().host() != null) {
                cores.add(a.info().host().cores());
            }
        }
        parts.put(FingerprintPart.BROKER, String.join(", ", brokers));
        parts.put(FingerprintPart.PROVIDER, report.scenario() == null || report.scenario().provider() == null ? "?"
                : report.scenario().provider().yamlName());
        parts.put(FingerprintPart.CLIENTS, env == null ? "?" : "activemq-client " + env.activemqClient()
                + ", qpid-jms " + env.qpidJmsClient());
        parts.put(FingerprintPart.JVM, String.join(", ", jvms));
        parts.put(FingerprintPart.CORES, String.join(", ", cores.stream().map(String::valueOf).toList()));
        parts.put(FingerprintPart.CPUS, cpus(report));
        return new RunFingerprint(name, report.scenarioSha256(), parts);
    }

    /**
     * The parts in which {@code other} differs from this. The scenario is compared by its content
     * hash when both recorded one, else by name (said in {@link #scenarioByNameOnly}).
     */
    public List<FingerprintPart> differences(RunFingerprint other) {
        List<FingerprintPart> differ = new ArrayList<>();
        for (FingerprintPart part : FingerprintPart.values()) {
            boolean same = part != FingerprintPart.SCENARIO ? Objects.equals(value(part), other.value(part))
                    : scenarioName.equals(other.scenarioName)
                    && (scenarioByNameOnly(other) || scenarioSha256.equals(other.scenarioSha256));
            if (!same) {
                differ.add(part);
            }
        }
        return differ;
    }

    /** Whether either run's report predates the scenario hash, so only the names can be compared. */
    public boolean scenarioByNameOnly(RunFingerprint other) {
        return scenarioSha256 == null || other.scenarioSha256 == null;
    }
}
