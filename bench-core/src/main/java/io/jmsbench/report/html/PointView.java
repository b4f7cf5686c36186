package io.jmsbench.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.report.BacklogFigures;
import io.jmsbench.report.Environment.AgentFacts;
import io.jmsbench.report.GroupLines;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.MessageSizes;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.RoundTripLine;
import io.jmsbench.report.SizeLines;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.Verdict;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One measured point as the page shows it: its label, verdict and findings, window figures and
 * per-second series. {@code latency} is {@code null} when nothing was measured (unstamped messages,
 * none received).
 */
record PointView(String label, Map<String, Object> parameters, int repeat, String verdict, List<Finding> findings,
                 Rate received, Rate dispatched, Double overallRate, Double expectedGrade, Double measuredGrade,
                 int filters, Latency latency, int hostCores, PointSeries series, List<Fault> faults,
                 @JsonInclude(JsonInclude.Include.NON_NULL) Backlog backlog, Sizes sizes,
                 @JsonInclude(JsonInclude.Include.NON_EMPTY) List<List<String>> groups,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String roundTrip,
                 @JsonInclude(JsonInclude.Include.NON_NULL) LoopView loop) {

    /** The backlog's figures ({@link BacklogFigures}), NaN as {@code null}. */
    record Backlog(long peak, Double peakAt, Double joinedAt, Double drainedAt, Double drainSeconds,
                   Double drainRate, long tolerance) {

        static Backlog of(BacklogFigures b) {
            return b == null ? null : new Backlog(b.peak(), Numbers.of(b.peakAt(), 2), Numbers.of(b.joinedAt(), 2),
                    Numbers.of(b.drainedAt(), 2), Numbers.of(b.drainSeconds(), 2), Numbers.rate(b.drainRate()),
                    b.tolerance());
        }
    }

    /**
     * The window's payload bytes/s, and with a size that varies the sizes sent in words and their
     * histogram's rows (bytes up to, messages, share); {@code null} in a report from before bytes were counted.
     */
    record Sizes(String received, String dispatched, String summary, List<List<String>> buckets) {

        static Sizes of(MessageSizes s) {
            return s == null ? null : new Sizes(SizeLines.bytesRate(s, false), SizeLines.bytesRate(s, true),
                    SizeLines.summary(s), SizeLines.bucketRows(s));
        }
    }

    /**
     * A fault the point injected: from {@code at} for {@code downFor} seconds after the publishers
     * started; {@code clientsReconnected} clients restored their connections, the last
     * {@code reconnectedAfter} seconds after {@code at} ({@code null}: none).
     */
    record Fault(String action, Double at, Double downFor, int clientsReconnected, Double reconnectedAfter) {
    }

    /** A window rate and the half-width of its 95% interval ({@code null}: none). */
    record Rate(Double rate, Double ci95, double seconds) {

        static Rate of(RateFigure f) {
            return new Rate(Numbers.rate(f.rate()), Numbers.rate(f.ci95()), f.seconds());
        }
    }

    /** Percentiles in microseconds over the window, and what the latency was measured from. */
    record Latency(long count, Double p50, Double p90, Double p99, Double p999, Double p9999, Double max,
                   String basis) {

        static Latency of(LatencyFigures l) {
            if (l == null || l.count() == 0) {
                return null;
            }
            return new Latency(l.count(), Numbers.of(l.p50(), 1), Numbers.of(l.p90(), 1), Numbers.of(l.p99(), 1),
                    Numbers.of(l.p999(), 1), Numbers.of(l.p9999(), 1), Numbers.of(l.max(), 1), l.basis());
        }
    }

    static PointView of(PointResult p, boolean showRepeat) {
        int hostCores = p.resources().cpu() == null ? 0 : p.resources().cpu().hostCores();
        List<AgentFacts> agents = p.environment() == null ? List.of() : p.environment().agents();
        PointSeries series = PointSeries.of(p.samples(), hostCores, cores(agents, AgentRole.PUBLISHER, hostCores),
                cores(agents, AgentRole.SUBSCRIBER, hostCores));
        Verdict verdict = p.judgement().verdict() != null ? p.judgement().verdict() : p.judgement().valid() ? Verdict.VALID : Verdict.INVALID;
        return new PointView(label(p.key().parameters(), p.key().repeat(), showRepeat), p.key().parameters(), p.key().repeat(),
                verdict.json(), p.judgement().findings(), Rate.of(p.rates().received()), Rate.of(p.rates().dispatched()),
                Numbers.rate(p.rates().overallRate()), Numbers.of(p.rates().replicationGrade().expected(), 4),
                Numbers.of(p.rates().replicationGrade().measured(), 4), p.rates().filters(), Latency.of(p.delivery().latency()), hostCores,
                series, p.delivery().faults().stream().map(f -> new Fault(f.action(), Numbers.of(f.at(), 2),
                        Numbers.of(f.downFor(), 2), f.clientsReconnected(), Numbers.of(f.reconnectedAfter(), 2)))
                        .toList(), Backlog.of(p.delivery().backlog()), Sizes.of(p.sizes()),
                GroupLines.rows(p.publisherGroups()), RoundTripLine.of(p.delivery().roundTrip()),
                LoopView.of(p.closedLoop()));
    }

    /** {@code subscribers[0].clients=2, provider=amqp, repeat 2}; "the run" for a single point. */
    static String label(Map<String, Object> parameters, int repeat, boolean showRepeat) {
        String values = parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
        if (!showRepeat) {
            return values.isEmpty() ? "the run" : values;
        }
        return values.isEmpty() ? "repeat " + repeat : values + ", repeat " + repeat;
    }

    /**
     * The cores of the hosts the role's agents ran on, when they all agree; else (or when unknown) the
     * cores the point's CPU figures were measured against.
     */
    private static int cores(List<AgentFacts> agents, AgentRole role, int fallback) {
        List<Integer> cores = agents.stream().filter(a -> a.info() != null && a.info().role() == role
                && a.info().host() != null).map(a -> a.info().host().cores()).distinct().toList();
        return cores.size() == 1 && cores.get(0) > 0 ? cores.get(0) : fallback;
    }
}
