package io.jmsbench.regression;

import java.util.List;

/**
 * Two runs of one scenario compared point by point: both sides, the fingerprint parts allowed to
 * differ that did, the gate's rules, every matched point, the points found on one side only, the
 * cost model's parameters when both runs fitted it (each compared set's too), and the scenario's
 * claims with both runs' verdicts. The source of every output format.
 */
public record RunComparison(String schema, String scenario, RunSide base, RunSide next,
                            List<FingerprintPart> allowedDifferences, GateRules rules,
                            List<PointComparison> points, List<String> onlyInBase, List<String> onlyInNew,
                            List<ModelChange> model, List<ClaimChange> claims) {

    public static final String SCHEMA = "jmsbench.compare/1";

    public RunComparison {
        allowedDifferences = List.copyOf(allowedDifferences);
        points = List.copyOf(points);
        onlyInBase = List.copyOf(onlyInBase);
        onlyInNew = List.copyOf(onlyInNew);
        model = List.copyOf(model);
        claims = claims == null ? List.of() : List.copyOf(claims);
    }

    /** The claims that held in base and are contradicted in new: they fail the gate. */
    public List<ClaimChange> brokenClaims() {
        return claims.stream().filter(c -> c.change() == ClaimChange.Change.BROKEN).toList();
    }

    /** The claims that held in base and are inconclusive in new: the gate cannot pass. */
    public List<ClaimChange> lostClaims() {
        return claims.stream().filter(c -> c.change() == ClaimChange.Change.LOST).toList();
    }

    /** The points that fail the gate. */
    public List<PointComparison> regressions() {
        return points.stream().filter(p -> !p.failures().isEmpty()).toList();
    }

    /** The points slower beyond the threshold but measured beside other work on a host: neither passed nor failed. */
    public List<PointComparison> inconclusive() {
        return points.stream().filter(p -> !p.inconclusive().isEmpty()).toList();
    }

    /** The points that are not valid on both sides: compared, but not as if they were fine. */
    public List<PointComparison> notValid() {
        return points.stream().filter(p -> !p.bothValid()).toList();
    }

    /**
     * Whether everything compared was fine to compare: both runs completed, every point valid on both
     * sides and present in both.
     */
    public boolean allValid() {
        return base.completed() && next.completed() && notValid().isEmpty() && onlyInBase.isEmpty()
                && onlyInNew.isEmpty();
    }

    /** What the gate decided. */
    public enum Outcome {
        PASSED,
        /** A regression or a claim broken, or, under {@code requireValid}, something not fit to compare. */
        FAILED,
        /**
         * No regression, but a point fell beyond its threshold while other work took a host's cores, or a
         * claim that held in base is inconclusive in new.
         */
        INCONCLUSIVE
    }

    public Outcome outcome() {
        if (!regressions().isEmpty() || !brokenClaims().isEmpty() || rules.requireValid() && !allValid()) {
            return Outcome.FAILED;
        }
        return inconclusive().isEmpty() && lostClaims().isEmpty() ? Outcome.PASSED : Outcome.INCONCLUSIVE;
    }

    /** Whether the gate passes: no regression, and, under {@code requireValid}, everything fine to compare. */
    public boolean passes() {
        return outcome() == Outcome.PASSED;
    }
}
