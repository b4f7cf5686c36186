package io.jmsbench.cli;

import io.jmsbench.verdict.Finding.Severity;
import io.jmsbench.verdict.FindingCode;

import java.util.Locale;

/** docs/reference/findings.md: every {@link FindingCode} with its severity and its explanation. */
final class FindingsReference {

    private FindingsReference() {
    }

    static String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Finding codes\n\n");
        md.append(ReferenceDocs.GENERATED).append(" from `FindingCode`, where each code carries its severity and ")
                .append("its explanation.\n\n");
        md.append("Each point of a report carries findings (`points[].findings[]`: `code`, `severity`, `text`). ")
                .append("The `text` is a sentence with the point's own figures; the `code` is what tools switch on ")
                .append("and what this page explains. A point is valid when it has no invalid and no unverified ")
                .append("finding; an unverified one says a rule could not be checked; a note is said beside the ")
                .append("figures and changes no verdict.\n\n");
        md.append("| Code | Severity |\n|---|---|\n");
        for (Severity severity : Severity.values()) {
            for (FindingCode code : FindingCode.values()) {
                if (code.severity() == severity) {
                    md.append("| [").append(code.name()).append("](#").append(code.name().toLowerCase(Locale.ROOT))
                            .append(") | ").append(word(severity)).append(" |\n");
                }
            }
        }
        for (Severity severity : Severity.values()) {
            md.append("\n## ").append(heading(severity)).append("\n");
            for (FindingCode code : FindingCode.values()) {
                if (code.severity() == severity) {
                    md.append("\n### ").append(code.name()).append("\n\n");
                    md.append("**What it means:** ").append(code.meaning()).append("\n\n");
                    md.append("**What to do:** ").append(code.action()).append("\n");
                }
            }
        }
        return md.toString();
    }

    private static String word(Severity severity) {
        return severity.name().toLowerCase(Locale.ROOT);
    }

    private static String heading(Severity severity) {
        return switch (severity) {
            case INVALID -> "Invalid: the point is invalid";
            case UNVERIFIED -> "Unverified: a rule could not be checked, so the point is not valid";
            case NOTE -> "Notes: said beside the figures, no change to the verdict";
        };
    }
}
