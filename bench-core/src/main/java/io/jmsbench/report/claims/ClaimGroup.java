package io.jmsbench.report.claims;

import java.util.List;
import java.util.Map;

/**
 * The points of a claim that share every other sweep key's value ({@code fixed}), along the
 * claim's key, with the verdict they give and why.
 */
public record ClaimGroup(Map<String, String> fixed, List<ClaimFigure> figures, ClaimVerdict verdict,
                         List<ClaimReason> reasons) {

    public ClaimGroup {
        fixed = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fixed));
        figures = List.copyOf(figures);
        reasons = List.copyOf(reasons);
    }
}
