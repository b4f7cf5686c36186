package io.jmsbench.history.store;

/**
 * One run as the history keeps it. {@code runKey} is its natural key (scenario, run id and start
 * time: {@link RunRecords#runKey}), so recording a run twice keeps it once. {@code fingerprint} is
 * a short hash of {@code fingerprintText}: what {@code compare} requires two runs to share, and the
 * overrides ({@code --set}) as well, since a run with other settings measures something else.
 * {@code commit} and {@code version} may be null (not given, not recorded).
 */
public record RunRecord(String runKey, String scenario, String runId, String startedAt, String status,
                        String fingerprint, String fingerprintText, String commit, String version, String source) {
}
