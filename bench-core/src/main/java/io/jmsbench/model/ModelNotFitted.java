package io.jmsbench.model;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A cost model the sweep was designed to identify (enough points, n_fltr and r varying) that was not
 * fitted, because too few of its points could be used: the report says so rather than leaving the
 * model out in silence. {@code set} names the compared set (a broker of {@code compare:}), {@code null}
 * for the run's one model; {@code points} were measured, {@code usable} could enter a fit, which needs
 * at least {@code needed} with n_fltr and r varying; {@code excluded} are the others and why.
 */
public record ModelNotFitted(String set, int points, int usable, int needed, List<Excluded> excluded) {

    public ModelNotFitted {
        excluded = List.copyOf(excluded);
    }

    /** One sentence with the counts and every left-out point's reason. */
    public String sentence() {
        return String.format(Locale.ROOT, "%snot fitted: %d of the %d points could be used, and a fit needs at least %d"
                        + " with both n_fltr and r varying; left out: %s", set == null ? "" : set + ": ", usable, points,
                needed, excluded.stream().map(e -> e.label() + " (" + e.sentence() + ")")
                        .collect(Collectors.joining("; ")));
    }
}
