package io.jmsbench.verdict;

import java.util.List;

/**
 * One thing the judge found about a point: a typed {@link FindingCode} that tools switch on, its
 * severity (taken from the code) and one sentence for people. Rewording a sentence never changes
 * what a tool does with the point.
 */
public record Finding(FindingCode code, Severity severity, String text) {

    /**
     * An invalid finding makes the point invalid; an unverified one says a rule could not be
     * evaluated, so the point cannot be called valid either; a note is said beside its figures.
     */
    public enum Severity { INVALID, UNVERIFIED, NOTE }

    public static Finding of(FindingCode code, String text) {
        return new Finding(code, code.severity(), text);
    }

    public boolean invalid() {
        return severity == Severity.INVALID;
    }

    /** Invalid or unverified: a finding that keeps the point from being valid. */
    public boolean blocking() {
        return severity != Severity.NOTE;
    }

    public static boolean any(List<Finding> findings, FindingCode code) {
        return findings.stream().anyMatch(f -> f.code() == code);
    }
}
