package io.jmsbench.regression;

import java.util.Locale;

/** The comparison as the terminal and a CI log show it. */
public final class ComparisonText {

    private ComparisonText() {
    }

    public static String of(RunComparison c) {
        StringBuilder out = new StringBuilder();
        out.append("jmsbench compare: ").append(c.scenario()).append('\n');
        side(out, "base", c.base());
        side(out, "new ", c.next());
        RunFingerprint f = c.next().fingerprint();
        StringBuilder same = new StringBuilder();
        for (FingerprintPart part : FingerprintPart.values()) {
            if (c.allowedDifferences().contains(part)) {
                out.append("  differs, allowed: ").append(part.option()).append(": base ")
                        .append(c.base().fingerprint().value(part)).append(", new ").append(f.value(part)).append('\n');
            } else {
                same.append(same.isEmpty() ? "" : "; ").append(part.option()).append(' ').append(f.value(part));
            }
        }
        out.append("  same: ").append(same).append('\n');
        if (c.base().fingerprint().scenarioByNameOnly(f)) {
            out.append("  note: a report without the scenario's content hash (older jmsbench): compared by scenario "
                    + "name only\n");
        }
        out.append("  gate: ").append(ChangeWords.rules(c.rules())).append('\n');
        for (PointComparison p : c.points()) {
            out.append('\n').append(p.label()).append("   ").append(ChangeWords.verdicts(p)).append('\n');
            out.append(String.format(Locale.ROOT, "  %-18s %-22s %-22s %8s  %s%n", "metric", "base", "new", "change",
                    "verdict"));
            for (MetricChange ch : p.changes()) {
                out.append(String.format(Locale.ROOT, "  %-18s %-22s %-22s %8s  %s%s%n",
                        ch.metric().label() + " " + ch.metric().unit(), ChangeWords.measure(ch.base()),
                        ChangeWords.measure(ch.next()), ChangeWords.change(ch.relativeChange()),
                        ChangeWords.verdict(ch), ch.failsGate() ? "  FAILS THE GATE" : ""));
            }
            if (!p.base().valid()) {
                out.append("  not compared as fine: ").append(ChangeWords.notValid("base", p.base())).append('\n');
            }
            if (!p.next().valid()) {
                out.append("  not compared as fine: ").append(ChangeWords.notValid("new", p.next())).append('\n');
            }
        }
        if (!c.points().isEmpty()) {
            out.append('\n').append(ChangeWords.bases(c)).append('\n');
        }
        c.onlyInBase().forEach(l -> out.append("only in base (not in new): ").append(l).append('\n'));
        c.onlyInNew().forEach(l -> out.append("only in new (not in base): ").append(l).append('\n'));
        if (!c.model().isEmpty()) {
            out.append("cost model (± the fit's 95% interval; shown, not gated):\n");
            c.model().forEach(m -> out.append("  ").append(ChangeWords.model(m)).append('\n'));
        }
        if (!c.claims().isEmpty()) {
            out.append("claims (expect:):\n");
            c.claims().forEach(k -> out.append("  ").append(ChangeWords.claim(k)).append('\n'));
        }
        out.append('\n');
        for (PointComparison p : c.regressions()) {
            for (MetricChange ch : p.failures()) {
                out.append("REGRESSION ").append(ChangeWords.failure(p, ch)).append('\n');
            }
        }
        for (PointComparison p : c.inconclusive()) {
            for (MetricChange ch : p.inconclusive()) {
                out.append("INCONCLUSIVE ").append(ChangeWords.inconclusive(p, ch)).append('\n');
            }
        }
        c.brokenClaims().forEach(k -> out.append("CLAIM BROKEN ").append(ChangeWords.claim(k)).append('\n'));
        c.lostClaims().forEach(k -> out.append("CLAIM LOST ").append(ChangeWords.claim(k)).append('\n'));
        out.append(ComparisonOutcome.sentence(c)).append('\n');
        return out.toString();
    }

    private static void side(StringBuilder out, String name, RunSide s) {
        out.append("  ").append(name).append("  ").append(s.runId()).append(" (started ").append(s.startedAt())
                .append("), ").append(s.completed() ? "completed" : "ABORTED: " + s.abortReason())
                .append("; overrides: ").append(ChangeWords.overrides(s)).append('\n');
    }
}
