package io.jmsbench.regression;

import io.jmsbench.report.ClaimVerdict;

/**
 * One claim of the scenario ({@code expect:}) in both runs, matched by its statement: each run's
 * verdict ({@code null} on a side that did not state it) and what the change amounts to for the gate.
 */
public record ClaimChange(String statement, ClaimVerdict base, ClaimVerdict next, Change change) {

    public enum Change {
        /** Held in base, contradicted in new: a finding the change broke. Fails the gate. */
        BROKEN,
        /** Held in base, inconclusive in new: the new run cannot tell. The gate is inconclusive. */
        LOST,
        /** Held in both. */
        KEPT,
        /** Did not hold in base, holds in new. */
        NOW_HOLDS,
        /** Did not hold in base, nor in new. */
        STILL_NOT_HOLDING,
        /** Stated by one run only. */
        ONE_SIDE
    }

    public static ClaimChange of(String statement, ClaimVerdict base, ClaimVerdict next) {
        Change change;
        if (base == null || next == null) {
            change = Change.ONE_SIDE;
        } else if (base == ClaimVerdict.HOLDS) {
            change = switch (next) {
                case HOLDS -> Change.KEPT;
                case CONTRADICTED -> Change.BROKEN;
                case INCONCLUSIVE -> Change.LOST;
            };
        } else {
            change = next == ClaimVerdict.HOLDS ? Change.NOW_HOLDS : Change.STILL_NOT_HOLDING;
        }
        return new ClaimChange(statement, base, next, change);
    }
}
