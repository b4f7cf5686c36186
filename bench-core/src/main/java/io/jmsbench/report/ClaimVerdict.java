package io.jmsbench.report;

/** What the measured points say of a claim, their 95% intervals taken into account. */
public enum ClaimVerdict {
    /** The intervals bear the claim out. */
    HOLDS,
    /** The intervals say the opposite: a significant reversal, a rate outside its band or bound. */
    CONTRADICTED,
    /** Neither: intervals overlap, a point has none, or a point is not valid. */
    INCONCLUSIVE;

    /** The worse of two verdicts: contradicted over inconclusive over holds. */
    public ClaimVerdict and(ClaimVerdict other) {
        if (this == CONTRADICTED || other == CONTRADICTED) {
            return CONTRADICTED;
        }
        return this == INCONCLUSIVE || other == INCONCLUSIVE ? INCONCLUSIVE : HOLDS;
    }
}
