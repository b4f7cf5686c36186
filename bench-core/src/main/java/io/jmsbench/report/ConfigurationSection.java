package io.jmsbench.report;

import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code report.md}'s Configuration section: what the scenario asked for. */
final class ConfigurationSection {

    private ConfigurationSection() {
    }

    static String render(Report report) {
        StringBuilder md = new StringBuilder();
        Scenario s = report.scenario();
        md.append("## Configuration\n\n");
        md.append("- scenario file: `").append(report.scenarioFile()).append("`\n");
        md.append("- broker: ").append(s.broker().isEmbedded()
                ? "embedded " + s.broker().embedded() + ", persistent store " + s.broker().persistent()
                : "external " + s.broker().url()).append('\n');
        md.append("- provider: ").append(s.provider().yamlName()).append('\n');
        md.append("- destination: ").append(s.destination().type().yamlName()).append(' ')
                .append(s.destination().name()).append('\n');
        md.append("- message: ").append(s.message().type().yamlName()).append(", ").append(sizeText(s.message()))
                .append(", ").append(s.message().properties()).append(" properties = \"")
                .append(s.message().values()).append("\"\n");
        md.append("- publishers: ").append(s.publishers().clients()).append(" clients, rate ")
                .append(report.search() != null ? "chosen by the search, step by step" : s.publishers().rate().text())
                .append('\n');
        for (PublisherGroup g : s.publishers().listedGroups()) {
            md.append("  - ").append(g.name()).append(": ").append(g.clients()).append(" clients, rate ")
                    .append(g.rate().text()).append(", message ").append(g.message().type().yamlName()).append(", ")
                    .append(sizeText(g.message())).append(", ").append(g.message().properties())
                    .append(" properties = \"").append(g.message().values()).append("\", ")
                    .append(g.persistent() ? "persistent" : "non-persistent").append('\n');
        }
        for (int i = 0; i < s.subscribers().size(); i++) {
            SubscriberGroup g = s.subscribers().get(i);
            md.append("- subscribers[").append(i).append("]: ").append(g.clients()).append(" clients, selector ")
                    .append(g.selector() == null ? "none" : "`" + g.selector() + "`").append('\n');
        }
        md.append("- delivery: ").append(s.delivery().persistent() ? "persistent" : "non-persistent")
                .append(", ack ").append(s.delivery().ack().yamlName()).append('\n');
        md.append("- phases: warm-up ").append(s.phases().warmupAuto()
                        ? "auto (at most " + Durations.format(s.phases().warmup()) + ")"
                        : Durations.format(s.phases().warmup())).append(", measure ").append(s.phases().measureAuto()
                        ? String.format(Locale.ROOT, "auto to ±%s%% (at most %s)",
                                new BigDecimal(100 * s.phases().precision()).setScale(1,
                                        RoundingMode.HALF_UP).stripTrailingZeros().toPlainString(),
                                Durations.format(s.phases().measure()))
                        : Durations.format(s.phases().measure())).append(", drain up to ")
                .append(Durations.format(s.phases().drain())).append("\n\n");
        return md.toString();
    }

    /** {@code 1024 bytes}; a size that varies as the scenario gave it. */
    private static String sizeText(MessageSpec m) {
        if (m.files() != null) {
            return "bodies from the files in " + m.files();
        }
        if (m.sizes() instanceof Distribution.Uniform u) {
            return "uniform from " + u.low() + " to " + u.high() + " bytes";
        }
        if (m.sizes() instanceof Distribution.Weighted w) {
            return "weighted " + w.choices().stream().map(c -> c.value() + " bytes (weight " + c.weight() + ")")
                    .collect(Collectors.joining(", "));
        }
        if (m.sizes() instanceof Distribution.LogNormal l) {
            return "log-normal, median " + l.median() + " bytes, p99 " + l.p99() + " bytes";
        }
        return m.size() + " bytes";
    }
}
