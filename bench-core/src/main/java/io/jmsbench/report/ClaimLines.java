package io.jmsbench.report;

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
            reasons(c).forEach(r -> lines.add("  " + r));
        }
        return lines;
    }

    /** The {@code ## Claims} section of report.md. */
    public static String section(List<ClaimResult> claims) {
        StringBuilder md = new StringBuilder("## Claims\n\n");
        md.append("What the scenario expects (`expect:`), judged on the 95% intervals: two rates differ only when "
                + "their intervals are apart.\n\n| claim | verdict | why |\n|---|---|---|\n");
        for (ClaimResult c : claims) {
            List<String> why = reasons(c);
            md.append("| ").append(cell(c.statement() + note(c))).append(" | **").append(verdict(c)).append("** | ")
                    .append(cell(String.join("; ", why))).append(" |\n");
        }
        return md.append('\n').toString();
    }

    /**
     * Each group's reasons, prefixed by its fixed keys when there are several groups; the shared-host
     * note, which each group carries for its own points, said once for the claim.
     */
    public static List<String> reasons(ClaimResult c) {
        List<String> out = new ArrayList<>();
        boolean several = c.groups().size() > 1;
        for (ClaimGroup g : c.groups()) {
            String where = g.fixed().isEmpty() || !several ? "" : "at " + fixed(g) + ": ";
            g.reasons().stream().filter(r -> r.code() != ClaimReason.Code.SHARED_HOST || !several)
                    .forEach(r -> out.add(where + r.text()));
        }
        if (several) {
            long all = c.groups().stream().mapToLong(g -> ClaimGroup.judged(c.claim(), g.figures()).size()).sum();
            long shared = c.groups().stream()
                    .filter(g -> g.reasons().stream().anyMatch(r -> r.code() == ClaimReason.Code.SHARED_HOST))
                    .flatMap(g -> ClaimGroup.judged(c.claim(), g.figures()).stream())
                    .filter(ClaimFigure::sharedHostCpuRulesOnly).count();
            if (shared > 0) {
                out.add(shared + " of the " + all + " points counted although the CPU rules call them invalid, broker"
                        + " and clients sharing the host (this machine's rates, not the broker's capacity alone)");
            }
        }
        return out;
    }

    private static String verdict(ClaimResult c) {
        return c.verdict().name().toLowerCase(Locale.ROOT);
    }

    /** The claim's own note ({@code note:}) in brackets, or nothing. */
    public static String note(ClaimResult c) {
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
