package io.jmsbench.run.search;

import io.jmsbench.report.SearchResult.Outcome;

import java.util.List;

/** How one step of a search came out, and why it did not pass (empty when it did). */
public record StepOutcome(Outcome outcome, List<String> reasons) {

    public static final StepOutcome PASS = new StepOutcome(Outcome.PASS, List.of());

    public StepOutcome {
        reasons = List.copyOf(reasons);
    }

    public boolean passed() {
        return outcome == Outcome.PASS;
    }
}
