package io.jmsbench.cli;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.PartitionLines;
import io.jmsbench.report.BrokerCountsLine;
import io.jmsbench.report.HeaderLines;
import io.jmsbench.report.ClaimLines;
import io.jmsbench.report.ComparisonTable;
import io.jmsbench.report.FaultLines;
import io.jmsbench.report.Figures;
import io.jmsbench.report.ModelRows;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;
import io.jmsbench.report.SearchResult;
import io.jmsbench.report.SearchTable;
import io.jmsbench.report.GroupLines;
import io.jmsbench.report.GroupRate;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.report.SizeLines;
import io.jmsbench.report.SweepTable;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The summary printed when a run ends: the figures, whether they are valid, and where the report is. */
final class Summary {

    private Summary() {
    }

    static void print(Report report, Path out, PrintStream console) {
        console.println();
        console.println("jmsbench: " + report.scenario().name() + " " + report.status()
                + (report.abortReason() != null ? " (" + report.abortReason() + ")" : "")
                + ", " + (report.search() != null ? searchVerdict(report.search()) : runVerdict(report)));
        if (report.search() != null) {
            console.print(SearchTable.render(report.search()));
            console.println("  search: " + report.search().answer().sentence());
            if (!report.points().isEmpty()) {
                for (String label : report.points().get(0).judgement().labels()) {
                    console.println("  note: " + label);
                }
            }
            console.println("  report: " + out.resolve(report.scenario().name()).resolve(report.runId()).resolve("report.md"));
            return;
        }
        if (report.points().size() > 1) {
            console.print(ComparisonTable.applies(report)
                    ? ComparisonTable.render(report) : SweepTable.render(report));
            modelLines(report).forEach(line -> console.println("  " + line));
            ClaimLines.lines(report.claims()).forEach(line -> console.println("  " + line));
            for (String label : report.points().get(0).judgement().labels()) {
                console.println("  note: " + label);
            }
            console.println("  report: " + out.resolve(report.scenario().name()).resolve(report.runId()).resolve("report.md"));
            console.println("  charts: " + out.resolve(report.scenario().name()).resolve(report.runId()).resolve("report.html"));
            return;
        }
        for (PointResult p : report.points()) {
            console.printf(Locale.ROOT, "  received   %12s msgs/s%s  (%s messages in %.1f s)%n",
                    Figures.rate(p.rates().received().rate(), p.rates().received().ci95()), interval(p.rates().received()),
                    Figures.count(p.rates().received().messages()), p.rates().received().seconds());
            console.printf(Locale.ROOT, "  dispatched %12s msgs/s%s  (%s messages)%n",
                    Figures.rate(p.rates().dispatched().rate(), p.rates().dispatched().ci95()), interval(p.rates().dispatched()),
                    Figures.count(p.rates().dispatched().messages()));
            console.printf(Locale.ROOT, "  overall    %12s msgs/s%n", Figures.rate(p.rates().overallRate()));
            if (p.sizes() != null) {
                console.printf(Locale.ROOT, "  payload    %s B/s received, %s B/s dispatched%n",
                        SizeLines.bytesRate(p.sizes(), false), SizeLines.bytesRate(p.sizes(), true));
            }
            if (SizeLines.summary(p.sizes()) != null) {
                console.println("  " + SizeLines.summary(p.sizes()));
            }
            for (GroupRate g : p.publisherGroups()) {
                console.println("  group " + GroupLines.line(g));
            }
            if (p.timing().windows() != null && p.timing().windows().warmupEnd() != null) {
                console.println("  phases: " + p.timing().windows().describe(p.rates().precisionReached()));
            }
            console.printf(Locale.ROOT, "  replication grade expected %s, measured %s; filters %d; drain %s%n",
                    Figures.grade(p.rates().replicationGrade().expected()), Figures.grade(p.rates().replicationGrade().measured()),
                    p.rates().filters(), p.delivery().drain().outcome());
            if (p.delivery().latency().count() > 0) {
                console.printf(Locale.ROOT, "  latency µs: p50 %.0f, p99 %.0f, p99.9 %.0f, max %.0f (%s)%n",
                        p.delivery().latency().p50(), p.delivery().latency().p99(), p.delivery().latency().p999(), p.delivery().latency().max(), p.delivery().latency().basis());
            }
            if (p.delivery().roundTrip() != null) {
                console.println("  " + roundTrip(p.delivery().roundTrip()));
            }
            if (p.delivery().audit().noneAudited()) {
                console.printf(Locale.ROOT, "  audit: not audited (0 of %d subscribers): %d redelivered, %d unexpected%n",
                        p.delivery().audit().subscribers(), p.delivery().audit().redelivered(), p.delivery().audit().unexpected());
            } else {
                console.printf(Locale.ROOT, "  audit: %d lost, %d duplicates, %d out of order, %d redelivered, %d unexpected%s "
                                + "(%d of %d subscribers audited)%n", p.delivery().audit().lost(), p.delivery().audit().duplicates(),
                        p.delivery().audit().outOfOrder(), p.delivery().audit().redelivered(), p.delivery().audit().unexpected(),
                        p.delivery().audit().resent() > 0 ? ", " + p.delivery().audit().resent() + " copies of sends made again after a failure "
                                + "(in doubt)" : "", p.delivery().audit().auditedSubscribers(), p.delivery().audit().subscribers());
            }
            for (String line : List.of(HeaderLines.notAudited(p.delivery().audit()), HeaderLines.expiry(p.delivery().expiry()),
                    HeaderLines.groups(p.delivery().audit()))) {
                if (!line.isEmpty()) {
                    console.println("  " + line);
                }
            }
            if (p.delivery().brokerCounts() != null) {
                console.println("  broker's own count: " + BrokerCountsLine.of(p));
            }
            p.delivery().faults().forEach(f -> console.println("  fault: " + FaultLines.line(f)));
            console.printf(Locale.ROOT, "  cpu, cores used of %d: broker %s, publisher agent %s, subscriber agent %s, controller %s; "
                            + "host busy %s%n",
                    p.resources().cpu().hostCores(), Figures.cores(p.resources().cpu().brokerCores()), Figures.cores(p.resources().cpu().publisherCores()),
                    Figures.cores(p.resources().cpu().subscriberCores()), Figures.cores(p.resources().cpu().controllerCores()),
                    Figures.percent(p.resources().cpu().hostBusy()));
            PartitionLines.of(p).forEach(line -> console.println("  cpu, " + line));
            for (Finding f : p.judgement().findings()) {
                console.println("  " + (f.severity() == Finding.Severity.NOTE ? "note" : f.severity().name()) + ": "
                        + f.text());
            }
        }
        ClaimLines.lines(report.claims()).forEach(line -> console.println("  " + line));
        console.println("  report: " + out.resolve(report.scenario().name()).resolve(report.runId()).resolve("report.md"));
        console.println("  charts: " + out.resolve(report.scenario().name()).resolve(report.runId()).resolve("report.html"));
    }

    /**
     * The fitted models and those not fitted, a line each: each parameter with its 95% interval
     * ({@code *}: it does not exclude 0).
     */
    private static List<String> modelLines(Report report) {
        List<String> lines = new ArrayList<>();
        if (report.model() != null) {
            lines.add("cost model: " + oneLine(report.model()));
        }
        report.models().forEach((set, m) -> lines.add("cost model, " + set + ": " + oneLine(m)));
        report.modelsNotFitted().forEach(n -> lines.add("cost model " + n.sentence()));
        return lines;
    }

    private static String oneLine(ModelFit m) {
        return ModelRows.of(m).parameters().stream().map(p -> p.name() + " " + p.cell())
                .collect(Collectors.joining(", ")) + "; leave-one-out median error "
                + Figures.percent(m.looMedianRelativeError());
    }

    /** Request/reply in the latency line's words: the round trip from the window's start, and the counts. */
    static String roundTrip(RoundTrip r) {
        String counts = String.format(Locale.ROOT, "%s requests, %s replies, %s unanswered", Figures.count(r.requests()),
                Figures.count(r.replies()), Figures.count(r.unanswered()));
        LatencyFigures l = r.latency();
        return l == null || l.count() == 0 ? "round trip: none measured from the window's start; " + counts
                : String.format(Locale.ROOT, "round trip µs: p50 %.0f, p99 %.0f, p99.9 %.0f, max %.0f (%s); %s",
                        l.p50(), l.p99(), l.p999(), l.max(), l.basis(), counts);
    }

    /** Says what the ± is, or that there is none. */
    private static String interval(PointResult.RateFigure rate) {
        return Double.isNaN(rate.ci95()) ? " (no interval: fewer than " + BatchMeans.MIN_BATCHES
                + " seconds in the window)" : " (95%)";
    }

    /** A search's headline: the rate it found and whether its repeat confirmed it. */
    static String searchVerdict(SearchResult search) {
        SearchResult.Answer a = search.answer();
        if (a.rate() == null) {
            return "SEARCH: no rate passed";
        }
        return "SEARCH: " + Figures.rate(a.rate()) + " msgs/s, " + (a.confirmed() == null ? "not repeated"
                : a.confirmed() ? "confirmed" : "NOT confirmed by its repeat");
    }

    /** VALID when every point is; else INVALID when any point is invalid or the run was aborted; else UNVERIFIED. */
    static String runVerdict(Report report) {
        if (report.valid()) {
            return "VALID";
        }
        boolean onlyUnverified = Report.COMPLETED.equals(report.status()) && report.points().stream()
                .allMatch(p -> p.judgement().verdict() == Verdict.VALID || p.judgement().verdict() == Verdict.UNVERIFIED);
        return onlyUnverified ? "UNVERIFIED" : "INVALID";
    }
}
