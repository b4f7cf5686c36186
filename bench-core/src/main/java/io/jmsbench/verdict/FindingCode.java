package io.jmsbench.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.jmsbench.verdict.Finding.Severity;

/**
 * Every kind of finding a point can carry. The name is what {@code report.json} says in
 * {@code findings[].code}; rename never, add freely. Each code carries its severity; what it means and
 * what to do are in {@code findings.yaml} beside this class, from which docs/reference/findings.md is
 * generated.
 */
public enum FindingCode {
    ABORTED(Severity.INVALID),
    STALLED(Severity.INVALID),
    WINDOW_NOT_COMPLETED(Severity.INVALID),
    NO_MESSAGES_IN_WINDOW(Severity.INVALID),
    TARGET_RATE_MISSED(Severity.INVALID),
    SEND_ERRORS(Severity.INVALID),
    RECEIVE_ERRORS(Severity.INVALID),
    PERSISTENT_MESSAGES_LOST(Severity.INVALID),
    REQUESTS_UNANSWERED(Severity.INVALID),
    DUPLICATES(Severity.INVALID),
    DRAIN_TIMEOUT(Severity.INVALID),
    DRAIN_INCOMPLETE(Severity.INVALID),
    REPLICATION_GRADE_MISMATCH(Severity.INVALID),
    CPU_RULE_BROKER(Severity.INVALID),
    CPU_RULE_BROKER_UNKNOWN(Severity.INVALID),
    CPU_RULE_CLIENT(Severity.INVALID),
    CPU_RULE_FOREIGN_LOAD(Severity.INVALID),
    NEVER_STEADY(Severity.INVALID),
    NOT_STEADY(Severity.INVALID),
    NOT_CONVERGED(Severity.INVALID),
    UNCLASSIFIED(Severity.INVALID),

    BROKER_CPU_NOT_MEASURED(Severity.UNVERIFIED),
    BROKER_PROCESS_NOT_A_BROKER(Severity.UNVERIFIED),
    WINDOW_TOO_SHORT(Severity.UNVERIFIED),
    STEADINESS_NOT_SHOWN(Severity.UNVERIFIED),
    HOST_CPU_NOT_MEASURED(Severity.UNVERIFIED),
    FOREIGN_LOAD_NOT_CHECKED(Severity.UNVERIFIED),

    BROKER_COUNT_MISMATCH(Severity.INVALID),
    FAULT_NOT_INJECTED(Severity.INVALID),

    BROKER_COUNTS_NOT_READ(Severity.NOTE),

    BROKER_ALARM(Severity.INVALID),

    BROKER_FLOW_CONTROL(Severity.NOTE),
    BROKER_MANAGEMENT_NOT_READ(Severity.NOTE),
    NOT_WARMED_UP(Severity.NOTE),
    UNSTAMPED(Severity.NOTE),
    BROKER_REUSED(Severity.NOTE),
    SHARED_HOST(Severity.NOTE),
    PARTITIONED_HOST(Severity.NOTE),
    BROKER_HOST_NOT_MONITORED(Severity.NOTE),
    BROKER_PROCESS_NOT_MEASURED(Severity.NOTE),
    CONSUMERS_SCHEDULED(Severity.NOTE),

    BACKLOG_NOT_DRAINED(Severity.INVALID),

    WINDOW_ENDED_BY_TIME(Severity.NOTE),
    WINDOW_SHORTER_THAN_ASKED(Severity.NOTE),
    BACKLOG_CHANGED(Severity.NOTE),
    PRECISION_NOT_REACHED(Severity.NOTE),
    MESSAGES_LOST_ALLOWED(Severity.NOTE),
    REQUESTS_UNANSWERED_ALLOWED(Severity.NOTE),
    INTERVAL_CORRELATED(Severity.NOTE),
    LATENCY_CLOCKS_UNCERTAIN(Severity.NOTE),
    FAULTS_INJECTED(Severity.NOTE),
    PROFILE_FELL_SHORT(Severity.NOTE),
    MESSAGES_EXPIRED(Severity.NOTE),

    EXPIRY_NOT_COUNTED(Severity.UNVERIFIED),

    GROUPS_SPLIT(Severity.INVALID),
    OUT_OF_ORDER(Severity.INVALID),

    MESSAGE_GROUPS(Severity.NOTE),
    DELIVERY_DELAYED(Severity.NOTE),

    DESTINATION_NOT_EMPTY(Severity.UNVERIFIED);

    private final Severity severity;

    FindingCode(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }

    /** What the finding means, for the finding reference (docs/reference/findings.md). */
    public String meaning() {
        return FindingExplanations.of(this).meaning();
    }

    /** What a user can do about it. */
    public String action() {
        return FindingExplanations.of(this).action();
    }

    /**
     * The code report.json names; a name this version does not know is {@link #UNCLASSIFIED}, so a newer
     * jmsbench's report still reads, its finding keeping the severity written beside the code.
     */
    @JsonCreator
    public static FindingCode named(String name) {
        for (FindingCode code : values()) {
            if (code.name().equals(name)) {
                return code;
            }
        }
        return UNCLASSIFIED;
    }

    /** The paper's CPU validity rules (§3.3), which cannot hold where broker and clients share cores. */
    public boolean cpuRule() {
        return this == CPU_RULE_BROKER || this == CPU_RULE_BROKER_UNKNOWN || this == CPU_RULE_CLIENT
                || this == CPU_RULE_FOREIGN_LOAD;
    }
}
