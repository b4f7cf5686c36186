package io.jmsbench.regression;

import java.util.Locale;

/** The comparison as a pull request comment: a verdict first, a table, then what could not be judged. */
public final class ComparisonMarkdown {

    private ComparisonMarkdown() {
    }

    public static String of(RunComparison c) {
        StringBuilder md = new StringBuilder();
        md.append("### jmsbench compare: ").append(c.scenario()).append(" — ")
                .append(switch (c.outcome()) {
                    case PASSED -> "gate passed";
                    case FAILED -> "**gate failed**";
                    case INCONCLUSIVE -> "**gate inconclusive**";
                }).append("\n\n");
        md.append(ComparisonOutcome.sentence(c)).append(".\n\n");
        for (PointComparison p : c.regressions()) {
            for (MetricChange ch : p.failures()) {
                md.append("- **Regression** ").append(cell(ChangeWords.failure(p, ch))).append('\n');
            }
        }
        for (PointComparison p : c.inconclusive()) {
            for (MetricChange ch : p.inconclusive()) {
                md.append("- Inconclusive: ").append(cell(ChangeWords.inconclusive(p, ch))).append('\n');
            }
        }
        c.brokenClaims().forEach(k -> md.append("- **Claim broken** ").append(cell(ChangeWords.claim(k))).append('\n'));
        c.lostClaims().forEach(k -> md.append("- Claim lost: ").append(cell(ChangeWords.claim(k))).append('\n'));
        for (PointComparison p : c.notValid()) {
            if (!p.base().valid()) {
                md.append("- Not valid: ").append(cell(p.label() + ": " + ChangeWords.notValid("base", p.base())))
                        .append('\n');
            }
            if (!p.next().valid()) {
                md.append("- Not valid: ").append(cell(p.label() + ": " + ChangeWords.notValid("new", p.next())))
                        .append('\n');
            }
        }
        c.onlyInBase().forEach(l -> md.append("- Only in base: ").append(cell(l)).append('\n'));
        c.onlyInNew().forEach(l -> md.append("- Only in new: ").append(cell(l)).append('\n'));
        if (!c.points().isEmpty()) {
            md.append("\n| point | metric | base | new | change | verdict |\n|---|---|---:|---:|---:|---|\n");
            for (PointComparison p : c.points()) {
                for (MetricChange ch : p.changes()) {
                    md.append("| ").append(cell(p.label())).append(" | ").append(ch.metric().label()).append(' ')
                            .append(ch.metric().unit()).append(" | ").append(ChangeWords.measure(ch.base()))
                            .append(" | ").append(ChangeWords.measure(ch.next())).append(" | ")
                            .append(ChangeWords.change(ch.relativeChange())).append(" | ")
                            .append(ch.failsGate() ? "**" + ChangeWords.verdict(ch) + ": fails the gate**"
                                    : ChangeWords.verdict(ch)).append(" |\n");
                }
            }
            md.append('\n').append(ChangeWords.bases(c)).append(".\n");
        }
        if (!c.model().isEmpty()) {
            md.append("\n| cost model | base → new (± the fit's 95% interval) |\n|---|---|\n");
            for (ModelChange m : c.model()) {
                md.append("| ").append(cell(ChangeWords.modelParameter(m))).append(" | ")
                        .append(cell(ChangeWords.modelChange(m))).append(" |\n");
            }
            md.append("\nThe model is shown, not gated.\n");
        }
        if (!c.claims().isEmpty()) {
            md.append("\n| claim (`expect:`) | base → new |\n|---|---|\n");
            for (ClaimChange k : c.claims()) {
                String line = ChangeWords.claimChange(k);
                boolean gated = k.change() == ClaimChange.Change.BROKEN || k.change() == ClaimChange.Change.LOST;
                md.append("| ").append(cell(k.statement())).append(" | ").append(gated ? "**" + cell(line) + "**"
                        : cell(line)).append(" |\n");
            }
        }
        md.append("\n<details><summary>What was compared</summary>\n\n");
        md.append("- base: `").append(c.base().runId()).append("` started ").append(c.base().startedAt())
                .append(", overrides: ").append(cell(ChangeWords.overrides(c.base()))).append('\n');
        md.append("- new: `").append(c.next().runId()).append("` started ").append(c.next().startedAt())
                .append(", overrides: ").append(cell(ChangeWords.overrides(c.next()))).append('\n');
        for (FingerprintPart part : FingerprintPart.values()) {
            md.append("- ").append(part.option()).append(": ");
            if (c.allowedDifferences().contains(part)) {
                md.append("differs (allowed): base ").append(cell(c.base().fingerprint().value(part)))
                        .append(", new ").append(cell(c.next().fingerprint().value(part)));
            } else {
                md.append(cell(c.next().fingerprint().value(part)));
            }
            md.append('\n');
        }
        md.append("- gate: ").append(ChangeWords.rules(c.rules())).append("\n\n</details>\n");
        return md.toString();
    }

    /** Text that cannot break a table row or start markup. */
    private static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("<", "&lt;");
    }
}
