package io.jmsbench.model;

import java.util.List;

/**
 * Which measured points the cost model may be fitted to: valid ones, and on a shared host also
 * those that broke only the CPU rules (broker and clients share the cores there, so those rules
 * cannot hold; the figures are still sound). Points aborted, not drained, with errors or a wrong
 * replication grade are never used, unless the user forces it.
 */
public final class ModelInputs {

    /** The prefix of every invalid reason that comes from a CPU validity rule. */
    public static final String CPU_RULE = "cpu rule: ";

    private ModelInputs() {
    }

    public static boolean usable(boolean valid, List<String> invalidReasons, List<String> labels, double receivedRate) {
        if (!(receivedRate > 0)) {
            return false;
        }
        if (valid) {
            return true;
        }
        boolean sharedHost = labels.stream().anyMatch(l -> l.startsWith("shared host"));
        return sharedHost && invalidReasons.stream().allMatch(r -> r.startsWith(CPU_RULE));
    }
}
