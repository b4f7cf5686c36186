package io.jmsbench.report;

import io.jmsbench.scenario.Claim;

import java.util.List;

/**
 * A claim and its verdict over the run: contradicted when any group contradicts it, holds when
 * every group bears it out, inconclusive otherwise (or when no point matched).
 */
public record ClaimResult(Claim claim, String statement, ClaimVerdict verdict, List<ClaimGroup> groups) {

    public ClaimResult {
        groups = List.copyOf(groups);
    }
}
