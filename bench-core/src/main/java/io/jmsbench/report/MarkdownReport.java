package io.jmsbench.report;

import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.verdict.Verdict;

import java.util.List;
import java.util.Locale;

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
        md.append(ConfigurationSection.render(report));
        md.append(EnvironmentSection.render(report.environment()));
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
        if (p.closedLoop() != null) {
            md.append(ClosedLoopTable.section(p.closedLoop()));
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
        if (p.delivery().audit() != null && p.delivery().audit().noneAudited()) {
            md.append(String.format(Locale.ROOT, "Audit: not audited (0 of %d subscribers): %s redelivered, %s unexpected.%n%n",
                    p.delivery().audit().subscribers(), Figures.count(p.delivery().audit().redelivered()),
                    Figures.count(p.delivery().audit().unexpected())));
        } else if (p.delivery().audit() != null) {
            md.append(String.format(Locale.ROOT, "Audit (%d of %d subscribers audited per publisher stream): %s lost, "
                            + "%s duplicates, %s out of order, %s redelivered, %s unexpected%s%s.%n%n",
                    p.delivery().audit().auditedSubscribers(), p.delivery().audit().subscribers(), Figures.count(p.delivery().audit().lost()),
                    Figures.count(p.delivery().audit().duplicates()), Figures.count(p.delivery().audit().outOfOrder()),
                    Figures.count(p.delivery().audit().redelivered()), Figures.count(p.delivery().audit().unexpected()),
                    p.delivery().audit().resent() > 0 ? ", " + Figures.count(p.delivery().audit().resent()) + " copies of sends made again "
                            + "after a failure (in doubt: the failed send had reached the broker)" : "",
                    p.delivery().audit().overflow() ? " (too many gaps: duplicates and out-of-order undercounted)" : ""));
        }
        for (String line : new String[] {HeaderLines.notAudited(p.delivery().audit()), HeaderLines.expiry(p.delivery().expiry()),
                HeaderLines.groups(p.delivery().audit())}) {
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
}
