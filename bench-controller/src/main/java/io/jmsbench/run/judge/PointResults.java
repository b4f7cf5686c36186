package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.MessageSizes;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointResult.Delivery;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.Judgement;
import io.jmsbench.report.PointResult.Key;
import io.jmsbench.report.PointResult.Rates;
import io.jmsbench.report.PointResult.ReplicationGrade;
import io.jmsbench.report.PointResult.Resources;
import io.jmsbench.report.PointResult.Timing;
import io.jmsbench.report.PointResult.Totals;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.Verdict;
import io.jmsbench.workload.SizeTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A point's result for the report: its observation's figures with the judge's findings. */
public final class PointResults {

    private PointResults() {
    }

    /** The point's result: its facts' figures with the judge's findings, under its parameters and repeat. */
    public static PointResult of(PointFacts facts, Map<String, Object> parameters, int repeat) {
        PointObservation o = facts.observation();
        Scenario scenario = facts.scenario();
        WindowFigures figures = facts.figures();
        List<Finding> findings = PointJudge.judge(facts);
        List<String> invalid = findings.stream().filter(Finding::blocking).map(Finding::text).toList();
        List<String> notes = findings.stream().filter(f -> !f.blocking()).map(Finding::text).toList();
        Verdict verdict = Verdict.of(findings);
        Counters sent = o.publishersFinal();
        Counters got = o.subscribersFinal();
        long received = got == null ? 0 : got.messages();
        Totals totals = new Totals(sent == null ? 0 : sent.messages(), received, sent == null ? 0 : sent.errors(),
                got == null ? 0 : got.errors(), o.lastSendError(), o.lastReceiveError(),
                sent == null ? List.of() : sent.clients(), got == null ? List.of() : got.clients());
        LatencyFigures latency = o.latency() != null ? o.latency()
                : LatencyFigures.of(Histograms.empty(), facts.plan().latencyBasis());
        return new PointResult(new Key(parameters, repeat),
                new Judgement(verdict == Verdict.VALID, invalid, notes, findings, verdict),
                new Timing(o.times(), o.windows(facts.plan().precisionTarget())),
                new Rates(figures.received(), figures.dispatched(),
                        figures.received().rate() + figures.dispatched().rate(),
                        new ReplicationGrade(facts.expectedGrade(), facts.measuredGrade()), scenario.filters()),
                new Delivery(totals, o.drainFigures() == null ? Drain.notReached(received) : o.drainFigures(),
                        facts.audit() == null ? AuditCounts.NONE : facts.audit(), latency, facts.brokerCounts(),
                        FaultRecovery.of(o.faults(), o.samples(), clients(o)), facts.backlog(), facts.expiry(),
                        o.roundTrip()),
                new Resources(figures.cpu(), figures.broker(), figures.agents(), figures.spread()),
                o.samples(), o.environment(), oneMessage(scenario) ? sizes(scenario.message(), o, figures) : null,
                GroupRates.of(scenario, o), o.warmup() == null ? null : o.warmup().loop());
    }

    /**
     * Whether every publisher sends the scenario's own message sizes: publisher groups whose sizes
     * differ have their payload bytes/s each in their group's rate, since subscribers count receipts
     * without telling the groups apart.
     */
    private static boolean oneMessage(Scenario scenario) {
        MessageSpec base = scenario.message();
        return scenario.publishers().groups().stream().map(PublisherGroup::message)
                .allMatch(m -> m.size() == base.size() && Objects.equals(m.sizes(), base.sizes())
                        && Objects.equals(m.files(), base.files()));
    }

    /**
     * The window's payload bytes/s, and with a size that varies the histogram of the sizes sent: each
     * publisher client's count over the table, from where it started in it, over the whole run and
     * between the window's edges.
     */
    static MessageSizes sizes(MessageSpec message, PointObservation o, WindowFigures figures) {
        double received = figures.received().rate();
        double dispatched = figures.dispatched().rate();
        SizeTable table = SizeTable.of(message);
        if (table == null) {
            return MessageSizes.fixed(message.size(), received, dispatched);
        }
        long[] run = sentPerSize(table, o.publishersFinal());
        double windowMean = Double.NaN;
        if (o.windowComplete()) {
            long[] before = sentPerSize(table, o.windowStart().publishers());
            long[] inWindow = sentPerSize(table, o.windowEnd().publishers());
            for (int i = 0; i < inWindow.length; i++) {
                inWindow[i] -= before[i];
            }
            windowMean = table.mean(inWindow);
        }
        return MessageSizes.varying(table.sizes(), run, table.seed(), windowMean, received, dispatched);
    }

    private static long[] sentPerSize(SizeTable table, Counters sent) {
        long[] counts = new long[table.sizes().length];
        for (ClientCount c : sent == null ? List.<ClientCount>of() : sent.clients()) {
            SizeTable.addSent(counts, SizeTable.start(c.client(), counts.length), c.messages());
        }
        return counts;
    }

    /** Every client's final count, publishers and subscribers (none known when the point ended early). */
    private static List<ClientCount> clients(PointObservation o) {
        List<ClientCount> clients = new ArrayList<>();
        if (o.publishersFinal() != null) {
            clients.addAll(o.publishersFinal().clients());
        }
        if (o.subscribersFinal() != null) {
            clients.addAll(o.subscribersFinal().clients());
        }
        return clients;
    }
}
