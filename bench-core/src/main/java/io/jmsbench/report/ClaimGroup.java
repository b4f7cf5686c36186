package io.jmsbench.report;

import io.jmsbench.scenario.Claim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The points of a claim that share every other sweep key's value ({@code fixed}), along the
 * claim's key, with the verdict they give and why.
 */
public record ClaimGroup(Map<String, String> fixed, List<ClaimFigure> figures, ClaimVerdict verdict,
                         List<ClaimReason> reasons) {

    public ClaimGroup {
        fixed = Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
        figures = List.copyOf(figures);
        reasons = List.copyOf(reasons);
    }

    /** The figures a claim judges: an order's or a ratio's named values, a trend's every one. */
    public static List<ClaimFigure> judged(Claim claim, List<ClaimFigure> figures) {
        return switch (claim.shape()) {
            case ORDERED -> named(figures, claim.order());
            case RATIO -> named(figures, List.of(claim.of(), claim.to()));
            default -> figures;
        };
    }

    private static List<ClaimFigure> named(List<ClaimFigure> figures, List<String> names) {
        List<ClaimFigure> out = new ArrayList<>();
        for (String name : names) {
            figures.stream().filter(f -> f.at().equals(name)).findFirst().ifPresent(out::add);
        }
        return out;
    }
}
