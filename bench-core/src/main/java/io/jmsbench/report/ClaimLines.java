package io.jmsbench.report;

import io.jmsbench.report.claims.ClaimGroup;
import io.jmsbench.report.claims.ClaimReason;
import io.jmsbench.report.claims.ClaimResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A run's claims and their verdicts, as the terminal summary and report.md show them. */
public final class ClaimLines {

    private ClaimLines() {
    }

    /** One line per claim, then one per group of points with its reasons, indented. */
    public static List<String> lines(List<ClaimResult> claims) {
        List<String> lines = new ArrayList<>();
        for (ClaimResult c : claims) {
            lines.add("claim " + verdict(c) + ": " + c.statement() + note(c));
            for (ClaimGroup g : c.groups()) {
                String where = g.fixed().isEmpty() || c.groups().size() == 1 ? "" : "at " + fixed(g) + ": ";
                for (ClaimReason r : g.reasons()) {
                    lines.add("  " + where + r.text());
                }
            }
        }
        return lines;
    }

    /** The {@code ## Claims} section of report.md. */
    public static String section(List<ClaimResult> claims) {
        StringBuilder md = new StringBuilder("## Claims\n\n");
        md.append("What the scenario expects (`expect:`), judged on the 95% intervals: two rates differ only when "
                + "their intervals are apart.\n\n| claim | verdict | why |\n|---|---|---|\n");
        for (ClaimResult c : claims) {
            List<String> why = new ArrayList<>();
            for (ClaimGroup g : c.groups()) {
                String where = g.fixed().isEmpty() || c.groups().size() == 1 ? "" : "at " + fixed(g) + ": ";
                g.reasons().forEach(r -> why.add(where + r.text()));
            }
            md.append("| ").append(cell(c.statement() + note(c))).append(" | **").append(verdict(c)).append("** | ")
                    .append(cell(String.join("; ", why))).append(" |\n");
        }
        return md.append('\n').toString();
    }

    private static String verdict(ClaimResult c) {
        return c.verdict().name().toLowerCase(Locale.ROOT);
    }

    private static String note(ClaimResult c) {
        return c.claim().note() == null ? "" : " (" + c.claim().note() + ")";
    }

    private static String fixed(ClaimGroup g) {
        StringBuilder s = new StringBuilder();
        g.fixed().forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return s.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
