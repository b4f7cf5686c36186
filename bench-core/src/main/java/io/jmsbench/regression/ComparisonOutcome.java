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
        clause(s, c.brokenClaims().size(), "claim", " broken (held in base, contradicted in new)");
        clause(s, c.lostClaims().size(), "claim", " lost (held in base, inconclusive in new)");
        clause(s, c.inconclusive().size(), "point", " inconclusive (slower, but measured beside other work on the host)");
        clause(s, c.notValid().size(), "point", " not valid on both sides" + (c.rules().requireValid()
                ? " (--require-valid)" : " (compared, but a change there may be the host's, not the broker's)"));
        clause(s, c.onlyInBase().size() + c.onlyInNew().size(), "point", " on one side only");
        if (!c.base().completed() || !c.next().completed()) {
            s.append("; ").append(!c.base().completed() ? "the base run" : "the new run").append(" was aborted");
        }
        return s.toString();
    }

    /** "; 2 points what", or nothing when there are none. */
    private static void clause(StringBuilder s, int count, String noun, String what) {
        if (count > 0) {
            s.append("; ").append(count).append(' ').append(noun).append(count == 1 ? "" : "s").append(what);
        }
    }
}
