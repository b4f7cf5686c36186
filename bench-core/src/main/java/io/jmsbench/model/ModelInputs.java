package io.jmsbench.model;

import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;

/**
 * Which measured points the cost model may be fitted to: valid ones, and on a shared host also
 * those that broke only the CPU rules (broker and clients share the cores there, so those rules
 * cannot hold; the figures are still sound). Points aborted, not drained, with errors or a wrong
 * replication grade are never used, unless the user forces it. Decided on finding codes only.
 */
public final class ModelInputs {

    /** How a point may enter a fit. */
    public enum Use {
        /** A valid point. */
        VALID,
        /** Invalid by the CPU rules only, on a shared host. */
        SHARED_HOST_CPU_RULES_ONLY,
        /** Invalid for another reason. */
        INVALID,
        /** No positive received rate. */
        UNUSABLE
    }

    /**
     * The prefix every CPU-rule sentence had in reports written before findings carried codes;
     * read only to classify those old reports.
     */
    public static final String LEGACY_CPU_RULE = "cpu rule: ";
    private static final String LEGACY_SHARED_HOST = "shared host";

    private ModelInputs() {
    }

    public static Use use(List<Finding> findings, double receivedRate) {
        if (!(receivedRate > 0)) {
            return Use.UNUSABLE;
        }
        List<Finding> invalid = findings.stream().filter(Finding::blocking).toList();
        if (invalid.isEmpty()) {
            return Use.VALID;
        }
        boolean sharedHost = Finding.any(findings, FindingCode.SHARED_HOST);
        return sharedHost && invalid.stream().allMatch(f -> f.code().cpuRule()) ? Use.SHARED_HOST_CPU_RULES_ONLY
                : Use.INVALID;
    }

    /**
     * The findings of a point from a report written before findings carried codes, from its
     * sentences: CPU rules and the shared-host note are recognised by their fixed prefixes, every
     * other invalid reason is {@link FindingCode#UNCLASSIFIED}.
     */
    public static List<Finding> legacyFindings(List<String> invalidReasons, List<String> labels) {
        List<Finding> findings = new ArrayList<>();
        for (String reason : invalidReasons) {
            findings.add(Finding.of(reason.startsWith(LEGACY_CPU_RULE) ? FindingCode.CPU_RULE_CLIENT
                    : FindingCode.UNCLASSIFIED, reason));
        }
        for (String label : labels) {
            if (label.startsWith(LEGACY_SHARED_HOST)) {
                findings.add(Finding.of(FindingCode.SHARED_HOST, label));
            }
        }
        return findings;
    }
}
