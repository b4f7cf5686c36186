package io.jmsbench.history.store;

/**
 * The runs of one scenario that share a fingerprint: what may be put in one series. {@code lastStartedAt}
 * orders them: the newest lineage is the one shown when none is named.
 */
public record Lineage(String fingerprint, String fingerprintText, int runs, String lastStartedAt) {
}
