package io.jmsbench.report;

import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Durations;
import io.jmsbench.verdict.Verdict;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code report.md}: the report a person reads, rendered from the {@link Report} alone. */
public final class MarkdownReport {

    private MarkdownReport() {
    }

    public static String render(Report report) {
        StringBuilder md = new StringBuilder();
        Scenario s = report.scenario();
        md.append("# jmsbench report: ").append(s.name()).append("\n\n");
        if (!s.description().isBlank()) {
            md.append(s.description().strip()).append("\n\n");
        }
        md.append("- run: `").append(report.runId()).append("`, ").append(report.startedAt()).append(" to ")
                .append(report.finishedAt()).append('\n');
        md.append("- status: **").append(report.status()).append("**");
        if (report.abortReason() != null) {
            md.append(" (").append(report.abortReason()).append(')');
        }
        md.append('\n');
        md.append("- valid: **").append(report.valid() ? "yes" : "NO").append("**\n\n");

        if (report.search() != null) {
            md.append(SearchTable.section(report.search()));
        } else if (report.points().size() > 1) {
            if (ComparisonTable.applies(report)) {
                md.append("## Comparison\n\nReceived msgs/s ± the 95% interval")
                        .append(report.repeat() > 1 ? " over the repeats (Student t)" : " of the measurement window (batch means)")
                        .append(". Where the broker and the clients ran is under Environment.\n\n")
                        .append(ComparisonTable.render(report)).append('\n');
            }
            md.append("## Sweep\n\n").append(report.repeat()).append(" repeat(s) per point; rates are means")
                    .append(report.repeat() > 1 ? " ± the 95% confidence half-width (Student t)" : "")
                    .append(" over the measurement window.\n\n");
            md.append(SweepTable.render(report)).append('\n');
            if (report.model() != null) {
                md.append(ModelSection.render(report.model())).append('\n');
            }
            if (!report.models().isEmpty()) {
                md.append(ModelSection.renderSideBySide(report.models())).append('\n');
            }
            if (!report.modelsNotFitted().isEmpty()) {
                md.append(ModelSection.renderNotFitted(report.modelsNotFitted())).append('\n');
            }
        }
        if (!report.claims().isEmpty()) {
            md.append(ClaimLines.section(report.claims()));
        }
        boolean settingsVary = report.environment().variesByPoint().contains("providerSettings");
        for (PointResult p : report.points()) {
            point(md, p, settingsVary);
        }
        configuration(md, report);
        environment(md, report.environment());
        return md.toString();
    }

    static void point(StringBuilder md, PointResult p, boolean showSettings) {
        md.append("## Result");
        if (!p.key().parameters().isEmpty()) {
            md.append(' ').append(p.key().parameters()).append(", repeat ").append(p.key().repeat());
        }
        md.append("\n\n");
        if (!p.judgement().valid()) {
            md.append(p.judgement().verdict() == Verdict.UNVERIFIED ? "**Unverified:** " : "**Invalid:** ")
                    .append(String.join("; ", p.judgement().invalidReasons())).append("\n\n");
        }
        for (String label : p.judgement().labels()) {
            md.append("> ").append(label).append('\n');
        }
        if (!p.judgement().labels().isEmpty()) {
            md.append('\n');
        }
        if (showSettings && p.environment() != null && !p.environment().providerSettings().isEmpty()) {
            md.append("Provider settings of this point: ").append(p.environment().providerSettings()).append("\n\n");
        }
        md.append("| figure | messages | msgs/s (± 95% interval) | payload bytes/s |\n|---|---:|---:|---:|\n");
        md.append("| received (publishers sent) | ").append(Figures.count(p.rates().received().messages())).append(" | ")
                .append(Figures.rate(p.rates().received().rate(), p.rates().received().ci95())).append(" | ")
                .append(SizeLines.bytesRate(p.sizes(), false)).append(" |\n");
        md.append("| dispatched (subscribers got) | ").append(Figures.count(p.rates().dispatched().messages())).append(" | ")
                .append(Figures.rate(p.rates().dispatched().rate(), p.rates().dispatched().ci95())).append(" | ")
                .append(SizeLines.bytesRate(p.sizes(), true)).append(" |\n");
        md.append("| overall (received + dispatched) | | ").append(Figures.rate(p.rates().overallRate())).append(" | |\n\n");
        sizes(md, p.sizes());
        groups(md, p.publisherGroups());
        if (p.timing().windows() != null && p.timing().windows().warmupEnd() != null) {
            md.append("Phases: ").append(p.timing().windows().describe(p.rates().precisionReached())).append(".\n\n");
        }
        md.append(String.format(Locale.ROOT, "Measurement window %.1f s. Replication grade: expected %s, measured %s "
                        + "(whole run, after drain). Filters installed (n_fltr): %d.%n%n",
                p.rates().received().seconds(), Figures.grade(p.rates().replicationGrade().expected()),
                Figures.grade(p.rates().replicationGrade().measured()), p.rates().filters()));
        md.append(String.format(Locale.ROOT, "Whole run: %s sent, %s received, %s send errors, %s receive errors. "
                        + "Drain: %s after %.1f s (%s of %s expected receipts).%n%n",
                Figures.count(p.delivery().totals().sent()), Figures.count(p.delivery().totals().received()),
                Figures.count(p.delivery().totals().sendErrors()), Figures.count(p.delivery().totals().receiveErrors()),
                p.delivery().drain().outcome(), p.delivery().drain().seconds(), Figures.count(p.delivery().drain().receivedMessages()),
                Figures.count(p.delivery().drain().expectedMessages())));
        if (p.delivery().audit() != null) {
            md.append(String.format(Locale.ROOT, "Audit (%d of %d subscribers audited per publisher stream): %s lost, "
                            + "%s duplicates, %s out of order, %s redelivered, %s unexpected%s%s.%n%n",
                    p.delivery().audit().auditedSubscribers(), p.delivery().audit().subscribers(), Figures.count(p.delivery().audit().lost()),
                    Figures.count(p.delivery().audit().duplicates()), Figures.count(p.delivery().audit().outOfOrder()),
                    Figures.count(p.delivery().audit().redelivered()), Figures.count(p.delivery().audit().unexpected()),
                    p.delivery().audit().resent() > 0 ? ", " + Figures.count(p.delivery().audit().resent()) + " copies of sends made again "
                            + "after a failure (in doubt: the failed send had reached the broker)" : "",
                    p.delivery().audit().overflow() ? " (too many gaps: duplicates and out-of-order undercounted)" : ""));
        }
        for (String line : new String[] {HeaderLines.expiry(p.delivery().expiry()), HeaderLines.groups(p.delivery().audit())}) {
            if (!line.isEmpty()) {
                md.append(line).append("\n\n");
            }
        }
        if (!p.delivery().faults().isEmpty()) {
            md.append("Faults injected, and when the broker delivered again (each figure is the end of a one-second "
                    + "sample, so at most a second late; \"never\": not before the next fault or the point's end):\n\n")
                    .append(FaultLines.markdown(p.delivery().faults())).append('\n');
        }
        if (p.delivery().backlog() != null) {
            md.append(BacklogLines.markdown(p.delivery().backlog())).append("\n\n");
        }
        if (p.delivery().brokerCounts() != null) {
            md.append("The broker's own count (").append(p.delivery().brokerCounts().source()).append("): ")
                    .append(BrokerCountsLine.of(p)).append(".\n\n");
        }
        if (p.delivery().latency() != null && p.delivery().latency().count() > 0) {
            md.append(String.format(Locale.ROOT, "End-to-end latency over the window, %s: %s messages; p50 %.0f µs, "
                            + "p90 %.0f µs, p99 %.0f µs, p99.9 %.0f µs, p99.99 %.0f µs, max %.0f µs.%n%n",
                    p.delivery().latency().basis(), Figures.count(p.delivery().latency().count()), p.delivery().latency().p50(), p.delivery().latency().p90(),
                    p.delivery().latency().p99(), p.delivery().latency().p999(), p.delivery().latency().p9999(), p.delivery().latency().max()));
        }
        if (p.delivery().roundTrip() != null) {
            md.append(RoundTripLine.of(p.delivery().roundTrip())).append("\n\n");
        }
        CpuFigures cpu = p.resources().cpu();
        md.append("CPU over the window, cores used of ").append(cpu.hostCores()).append(": broker ")
                .append(Figures.cores(cpu.brokerCores())).append(", publisher agents ")
                .append(Figures.cores(cpu.publisherCores())).append(", subscriber agents ")
                .append(Figures.cores(cpu.subscriberCores())).append(", controller ")
                .append(Figures.cores(cpu.controllerCores())).append("; host busy ")
                .append(Figures.percent(cpu.hostBusy())).append("; broker's share of the CPU the run used ")
                .append(Figures.percent(cpu.brokerShare())).append(".\n\n");
        for (String line : PartitionLines.of(p)) {
            md.append("- ").append(line).append('\n');
        }
        if (!cpu.partitions().isEmpty()) {
            md.append('\n');
        }
        if (p.resources().broker() != null && p.resources().broker().rssBytes() >= 0
                && p.resources().broker().diskReadBytes() < 0) {
            // read by a monitor agent on the broker's host, or /proc/PID/io not ours to read
            md.append(String.format(Locale.ROOT, "Broker process: %.0f MiB resident at the window's end; its disk "
                    + "traffic was not read.%n%n", p.resources().broker().rssBytes() / 1048576.0));
        } else if (p.resources().broker() != null && p.resources().broker().rssBytes() >= 0) {
            md.append(String.format(Locale.ROOT, "Broker JVM: %.0f MiB resident at the window's end, %.1f MiB read "
                            + "and %.1f MiB written to disk in it; host network traffic %.1f MiB.%n%n",
                    p.resources().broker().rssBytes() / 1048576.0, p.resources().broker().diskReadBytes() / 1048576.0,
                    p.resources().broker().diskWriteBytes() / 1048576.0, p.resources().broker().networkBytes() / 1048576.0));
        }
        if (p.resources().agents() != null && p.resources().agents().subscriberThreads() >= 0) {
            md.append(String.format(Locale.ROOT, "Agents at the window's end: publisher JVM %.0f MiB heap in use, %d threads; "
                            + "subscriber JVM %.0f MiB heap in use, %d threads. Clients ready %.1f s after the point started.%n%n",
                    p.resources().agents().publisherHeapBytes() / 1048576.0, p.resources().agents().publisherThreads(),
                    p.resources().agents().subscriberHeapBytes() / 1048576.0, p.resources().agents().subscriberThreads(), p.resources().agents().readySeconds()));
        }
        md.append("Per client over the window, msgs/s: publishers ").append(Figures.rate(p.resources().clients().publisherMinRate()))
                .append(" to ").append(Figures.rate(p.resources().clients().publisherMaxRate())).append(", subscribers ")
                .append(Figures.rate(p.resources().clients().subscriberMinRate())).append(" to ")
                .append(Figures.rate(p.resources().clients().subscriberMaxRate())).append(".\n\n");
        if (!p.samples().isEmpty()) {
            md.append("| t (s) | phase | received msgs/s | dispatched msgs/s | latency p50 µs | p99 µs | broker cores "
                    + "| host busy |\n");
            md.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
            for (IntervalSample x : p.samples()) {
                md.append(String.format(Locale.ROOT, "| %.1f | %s | %s | %s | %s | %s | %s | %s |%n", x.t(), x.phase(),
                        Figures.rate(x.sendRate()), Figures.rate(x.receiveRate()), Figures.rate(x.latencyP50()),
                        Figures.rate(x.latencyP99()), Figures.cores(x.brokerCores()), Figures.percent(x.hostBusy())));
            }
            md.append('\n');
        }
    }

    private static void configuration(StringBuilder md, Report report) {
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
        for (PublisherGroup g : s.publishers().groups()) {
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
    }

    private static void environment(StringBuilder md, Environment e) {
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
    }

    /** With publisher groups: each one's rate over the window beside the totals above. */
    private static void groups(StringBuilder md, List<GroupRate> groups) {
        if (groups.isEmpty()) {
            return;
        }
        md.append("| ").append(String.join(" | ", GroupLines.HEADERS)).append(" |\n|---|---:|---:|---:|---:|---:|\n");
        for (List<String> row : GroupLines.rows(groups)) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        md.append('\n');
    }

    /** With a size that varies: the sizes sent, and their histogram. */
    private static void sizes(StringBuilder md, MessageSizes sizes) {
        String summary = SizeLines.summary(sizes);
        if (summary == null) {
            return;
        }
        md.append(Character.toUpperCase(summary.charAt(0))).append(summary.substring(1)).append(".\n\n");
        md.append("| bytes up to | messages | share |\n|---:|---:|---:|\n");
        for (List<String> row : SizeLines.bucketRows(sizes)) {
            md.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        md.append('\n');
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
