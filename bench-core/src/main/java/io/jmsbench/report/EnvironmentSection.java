package io.jmsbench.report;

import io.jmsbench.report.Environment.AgentFacts;

import java.util.Locale;

/** {@code report.md}'s Environment section: where the run ran (hosts, JVMs, broker, agents, disk). */
final class EnvironmentSection {

    private EnvironmentSection() {
    }

    static String render(Environment e) {
        StringBuilder md = new StringBuilder();
        md.append("## Environment\n\n");
        md.append("- jmsbench ").append(e.jmsbench()).append(", activemq-client ").append(e.activemqClient())
                .append(", qpid-jms-client ").append(e.qpidJmsClient()).append('\n');
        md.append("- controller host: ").append(e.controllerHost().hostname()).append(", ")
                .append(e.controllerHost().cores()).append(" cores (").append(e.controllerHost().cpuModel())
                .append("), ").append(Figures.bytes(e.controllerHost().memoryBytes())).append(", ")
                .append(e.controllerHost().os()).append(' ').append(e.controllerHost().osVersion()).append('\n');
        md.append("- controller JVM: Java ").append(e.controllerJvm().javaVersion()).append(" (")
                .append(e.controllerJvm().vmVendor()).append(")\n");
        if (e.broker() != null) {
            md.append("- broker: ").append(e.broker().kind()).append(' ').append(e.broker().version()).append(" at ")
                    .append(e.broker().url());
            if (e.broker().memoryLimitMb() != null) {
                md.append(", memory limit ").append(e.broker().memoryLimitMb()).append(" MB");
            }
            if (e.broker().jvm() != null) {
                md.append(", JVM flags ").append(e.broker().jvm().flags());
            }
            md.append('\n');
            if (e.broker().tls() != null) {
                md.append("- TLS: ").append(e.broker().tls().describe()).append(", broker certificate ")
                        .append(e.broker().tls().peer()).append('\n');
            }
        }
        for (AgentFacts a : e.agents()) {
            md.append("- ").append(a.name()).append(a.address() == null ? "" : " at " + a.address()).append(": ")
                    .append(a.clients()).append(" clients on ").append(a.info().host().hostname())
                    .append(" (").append(a.info().host().cores()).append(" cores), Java ")
                    .append(a.info().jvm().javaVersion()).append(", JVM flags ").append(a.info().jvm().flags());
            if (a.clock() != null) {
                md.append(String.format(Locale.ROOT, ", clock offset %+.1f ± %.1f µs%s", a.clock().offsetMicros(),
                        a.clock().uncertaintyMicros(), a.clock().applied() ? " (applied)" : " (same clock, not applied)"));
            }
            if (a.clientIds() != null && !a.clientIds().isEmpty() && a.clientIds().size() <= 16) {
                md.append(", clients ").append(String.join(" ", a.clientIds()));
            }
            md.append('\n');
        }
        if (e.disk() != null) {
            md.append(String.format(Locale.ROOT, "- disk under the store (%d-byte blocks): %,.0f writes/s, %,.0f synced "
                            + "writes/s (%.1f MB/s), %,.0f reads/s%n", e.disk().blockSize(), e.disk().writes().perSecond(),
                    e.disk().syncWrites().perSecond(), e.disk().syncWrites().megabytesPerSecond(),
                    e.disk().reads().perSecond()));
        }
        if (!e.providerSettings().isEmpty()) {
            md.append("- provider settings").append(e.variesByPoint().contains("providerSettings")
                    ? " every point shared" : "").append(": ").append(e.providerSettings()).append('\n');
        }
        if (!e.variesByPoint().isEmpty()) {
            md.append("- varies by point: ").append(String.join(", ", e.variesByPoint()))
                    .append(" (each point's own are under its result and in report.json's points[].environment)\n");
        }
        return md.toString();
    }
}
