package io.jmsbench.history.gate;

import io.jmsbench.history.store.HistoryEntry;
import io.jmsbench.history.store.HistoryMetric;
import io.jmsbench.history.store.PointRecord;
import io.jmsbench.regression.ChangeWords;
import io.jmsbench.regression.GateRules;
import io.jmsbench.regression.Metric;
import io.jmsbench.regression.MetricChange;
import io.jmsbench.regression.RunComparison;

import java.util.List;
import java.util.Locale;

/**
 * The pairwise rule, {@code compare}'s own ({@link MetricChange#of}), applied to the new run and the
 * newest comparable run in the history, for a history too short for {@link HistoryGate}: the figures
 * and intervals the history kept are the ones {@code compare} would read from that run's report.
 */
public final class PairwiseFallback {

    public record Result(String text, RunComparison.Outcome outcome) {
    }

    private PairwiseFallback() {
    }

    /** {@code next.get(i)} against {@code base.get(i)}; {@code latencyGated} names the points at a fixed rate. */
    public static Result of(String why, List<PointRecord> next, List<HistoryEntry> base, GateRules rules,
                            List<String> latencyGated, boolean markdown) {
        StringBuilder out = new StringBuilder();
        String bullet = markdown ? "- " : "  ";
        boolean failed = false;
        boolean inconclusive = false;
        out.append(markdown ? "### jmsbench compare --history\n\n" : "jmsbench compare --history\n")
                .append(bullet).append("history: ").append(why).append(": the pairwise rule decides, against run ")
                .append(base.get(0).run().runId()).append(", the newest comparable run in the history\n")
                .append(bullet).append("gate: ").append(ChangeWords.rules(rules)).append('\n');
        for (int i = 0; i < next.size(); i++) {
            PointRecord now = next.get(i);
            PointRecord then = base.get(i).point();
            out.append('\n').append(now.pointKey()).append("   base ").append(then.verdict()).append(", new ")
                    .append(now.verdict()).append(markdown ? "\n\n" : "\n");
            for (Metric m : Metric.values()) {
                HistoryMetric h = HistoryMetric.valueOf(m.name());
                MetricChange.Gating gating = m == Metric.P50 ? MetricChange.Gating.NEVER
                        : Double.isNaN(rules.allowed(m)) ? MetricChange.Gating.OFF
                        : HistoryGate.disturbed(now) || HistoryGate.disturbed(then) ? MetricChange.Gating.DISTURBED
                        : !m.isRate() && !latencyGated.contains(now.pointKey()) ? MetricChange.Gating.SATURATED
                        : MetricChange.Gating.GATED;
                MetricChange c = MetricChange.of(m, then.figure(h), now.figure(h), rules.allowed(m), gating);
                failed |= c.failsGate();
                inconclusive |= c.inconclusive();
                out.append(String.format(Locale.ROOT, "%s%-18s %-22s -> %-22s %8s  %s%s%n", bullet,
                        m.label() + " " + m.unit(), ChangeWords.measure(c.base()), ChangeWords.measure(c.next()),
                        ChangeWords.change(c.relativeChange()), ChangeWords.verdict(c),
                        c.failsGate() ? "  FAILS THE GATE" : ""));
            }
            failed |= rules.requireValid() && !now.valid();
        }
        RunComparison.Outcome outcome = failed ? RunComparison.Outcome.FAILED
                : inconclusive ? RunComparison.Outcome.INCONCLUSIVE : RunComparison.Outcome.PASSED;
        out.append('\n').append(switch (outcome) {
            case PASSED -> "gate passed (pairwise, against the newest comparable run)";
            case FAILED -> "GATE FAILED (pairwise, against the newest comparable run)";
            case INCONCLUSIVE -> "GATE INCONCLUSIVE (pairwise; measure again on a quiet host)";
        }).append('\n');
        return new Result(out.toString(), outcome);
    }
}
