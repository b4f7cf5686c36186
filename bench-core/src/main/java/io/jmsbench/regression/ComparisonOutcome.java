package io.jmsbench.regression;

/** The last line of every format: what the gate decided and why, in one sentence. */
public final class ComparisonOutcome {

    private ComparisonOutcome() {
    }

    public static String sentence(RunComparison c) {
        int compared = c.points().size();
        int regressed = c.regressions().size();
        StringBuilder s = new StringBuilder(switch (c.outcome()) {
            case PASSED -> "gate passed: ";
            case FAILED -> "GATE FAILED: ";
            case INCONCLUSIVE -> "GATE INCONCLUSIVE (measure again on a quiet host): ";
        });
        s.append(regressed).append(" of ").append(compared).append(compared == 1 ? " point" : " points")
                .append(" slower beyond the threshold and the noise");
        int broken = c.brokenClaims().size();
        if (broken > 0) {
            s.append("; ").append(broken).append(broken == 1 ? " claim" : " claims")
                    .append(" broken (held in base, contradicted in new)");
        }
        int lost = c.lostClaims().size();
        if (lost > 0) {
            s.append("; ").append(lost).append(lost == 1 ? " claim" : " claims")
                    .append(" lost (held in base, inconclusive in new)");
        }
        int inconclusive = c.inconclusive().size();
        if (inconclusive > 0) {
            s.append("; ").append(inconclusive).append(inconclusive == 1 ? " point" : " points")
                    .append(" inconclusive (slower, but measured beside other work on the host)");
        }
        int notValid = c.notValid().size();
        if (notValid > 0) {
            s.append("; ").append(notValid).append(notValid == 1 ? " point" : " points")
                    .append(" not valid on both sides").append(c.rules().requireValid() ? " (--require-valid)"
                            : " (compared, but a change there may be the host's, not the broker's)");
        }
        int missing = c.onlyInBase().size() + c.onlyInNew().size();
        if (missing > 0) {
            s.append("; ").append(missing).append(missing == 1 ? " point" : " points").append(" on one side only");
        }
        if (!c.base().completed() || !c.next().completed()) {
            s.append("; ").append(!c.base().completed() ? "the base run" : "the new run").append(" was aborted");
        }
        return s.toString();
    }
}
