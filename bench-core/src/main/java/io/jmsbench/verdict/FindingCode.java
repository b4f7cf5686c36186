package io.jmsbench.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.jmsbench.verdict.Finding.Severity;

/**
 * Every kind of finding a point can carry. The name is what {@code report.json} says in
 * {@code findings[].code}; rename never, add freely.
 */
public enum FindingCode {

    /** The run was aborted (Ctrl-C, a failure) during this point. */
    ABORTED(Severity.INVALID),
    /** The measurement window never ended. */
    WINDOW_NOT_COMPLETED(Severity.INVALID),
    NO_MESSAGES_IN_WINDOW(Severity.INVALID),
    TARGET_RATE_MISSED(Severity.INVALID),
    SEND_ERRORS(Severity.INVALID),
    RECEIVE_ERRORS(Severity.INVALID),
    /** A persistent message to a queue or durable subscription sent and never received. */
    PERSISTENT_MESSAGES_LOST(Severity.INVALID),
    /** Duplicates where the acknowledgement mode allows none. */
    DUPLICATES(Severity.INVALID),
    /** The drain hit its bound with receipts missing: loss cannot be told from delay. */
    DRAIN_TIMEOUT(Severity.INVALID),
    /** The drain went quiet with receipts missing. */
    DRAIN_INCOMPLETE(Severity.INVALID),
    REPLICATION_GRADE_MISMATCH(Severity.INVALID),
    /** Paper §3.3: the broker (its host, or the shared host) was not saturated in a capacity run. */
    CPU_RULE_BROKER(Severity.INVALID),
    /** The broker host's CPU could not be read although its monitor was listed. */
    CPU_RULE_BROKER_UNKNOWN(Severity.INVALID),
    /** Paper §3.3: a client JVM or client host was above the client bound. */
    CPU_RULE_CLIENT(Severity.INVALID),
    /**
     * On a shared host, processes other than the broker, the agents and the controller took a
     * share of its cores during a capacity window: the broker did not have every cycle the
     * clients left it, so the host's saturation says nothing about the broker.
     */
    CPU_RULE_FOREIGN_LOAD(Severity.INVALID),
    /** An auto warm-up reached its bound before the rates were steady (MSER-5). */
    NEVER_STEADY(Severity.INVALID),
    /**
     * A capacity point's window was not a steady state: the broker's backlog grew or shrank, beyond
     * the window's interval and the precision asked, so its rates are not the broker's capacity.
     */
    NOT_STEADY(Severity.INVALID),
    /**
     * An invalid reason read from a report written before findings had codes, or a code this version
     * does not know, read from a newer jmsbench's report.
     */
    UNCLASSIFIED(Severity.INVALID),

    /**
     * A capacity point whose broker CPU was measured by nothing (an external broker without a
     * monitor agent on its host): the paper's broker rule could not be evaluated.
     */
    BROKER_CPU_NOT_MEASURED(Severity.UNVERIFIED),
    /**
     * A capacity point's window had too few seconds for a 95% interval, so neither its precision
     * nor whether it was a steady state could be told.
     */
    WINDOW_TOO_SHORT(Severity.UNVERIFIED),

    /**
     * The broker's own counts disagree with the clients': messages in against the publishers'
     * sends, or acknowledged against the subscribers' receipts, beyond what was in flight.
     */
    BROKER_COUNT_MISMATCH(Severity.INVALID),
    /** A scheduled fault could not be injected or undone: the point did not test what it asked. */
    FAULT_NOT_INJECTED(Severity.INVALID),
    /** The broker's own counts could not be read (an external broker, or one that did not stop cleanly). */
    BROKER_COUNTS_NOT_READ(Severity.NOTE),
    /**
     * An external broker's management interface showed a resource alarm during the point (RabbitMQ's
     * memory or disk alarm, ActiveMQ's system usage at its limit): it held its publishers back, so
     * the rates measure the alarm, not the broker.
     */
    BROKER_ALARM(Severity.INVALID),
    /**
     * An external broker's flow control held producers back during the point (RabbitMQ connections
     * in flow or blocked, ActiveMQ sends blocked or a destination's memory full): the broker says so.
     */
    BROKER_FLOW_CONTROL(Severity.NOTE),
    /** An external broker's management interface could not be read; the sentence says why. */
    BROKER_MANAGEMENT_NOT_READ(Severity.NOTE),
    NOT_WARMED_UP(Severity.NOTE),
    UNSTAMPED(Severity.NOTE),
    BROKER_REUSED(Severity.NOTE),
    /** Broker and clients (or several agents) share one machine's cores: not a testbed capacity figure. */
    SHARED_HOST(Severity.NOTE),
    /**
     * Broker and client roles ran on disjoint CPU partitions of one host ({@code cpus:}): judged by
     * the paper's per-host rules, partition for host.
     */
    PARTITIONED_HOST(Severity.NOTE),
    BROKER_HOST_NOT_MONITORED(Severity.NOTE),
    /**
     * A subscriber group joined late, left early or was slow (its {@code start}, {@code stop} or
     * {@code processing}): the backlog is deliberate, so the point is judged on what it delivered,
     * not as the broker's capacity; the backlog-steadiness rules are off.
     */
    CONSUMERS_SCHEDULED(Severity.NOTE),
    /** With late, leaving or slow subscribers, the backlog had not drained by the point's end. */
    BACKLOG_NOT_DRAINED(Severity.INVALID),
    /** A count-bounded window ended by time before its count. */
    WINDOW_ENDED_BY_TIME(Severity.NOTE),
    /** A fixed-rate point's backlog grew or shrank over the window (for a capacity point: {@link #NOT_STEADY}). */
    BACKLOG_CHANGED(Severity.NOTE),
    /** An auto window reached its bound before its rates were known to the precision asked. */
    PRECISION_NOT_REACHED(Severity.NOTE),
    /** Messages lost where the delivery is at most once. */
    MESSAGES_LOST_ALLOWED(Severity.NOTE),
    /** A rate's batch means stayed correlated: its interval is likely too narrow. */
    INTERVAL_CORRELATED(Severity.NOTE),
    /** The clock offsets are too uncertain against the latency measured. */
    LATENCY_CLOCKS_UNCERTAIN(Severity.NOTE),
    /**
     * Faults were injected into the broker: the rates include them, so the point measures the broker
     * through faults (what it loses, how it comes back), not its capacity; the capacity rules are off.
     */
    FAULTS_INJECTED(Severity.NOTE),
    /**
     * On a rate profile, the publishers sent short of its target in some seconds: where the broker
     * or the load generator fell behind. The window's total against the profile's is
     * {@link #TARGET_RATE_MISSED}'s to judge; a second behind is made up later (a publisher behind
     * its schedule sends at once) and its latency counts the wait, so the figures stay honest.
     */
    PROFILE_FELL_SHORT(Severity.NOTE),
    /**
     * Messages carried a time to live and the broker discarded some when it ran out: what the
     * scenario asked for, counted by the broker apart from lost ones.
     */
    MESSAGES_EXPIRED(Severity.NOTE),
    /**
     * Messages carried a time to live and some never arrived, but the broker's expired count could
     * not be read: expired cannot be told from lost.
     */
    EXPIRY_NOT_COUNTED(Severity.UNVERIFIED),
    /** A message group went to more than one of a queue's consumers on a broker that promises it will not. */
    GROUPS_SPLIT(Severity.INVALID),
    /** Where the message groups went: each group's consumers, none split (or not judged, and why). */
    MESSAGE_GROUPS(Severity.NOTE),
    /** Messages carried a delivery delay, which the latency (from the intended send) includes. */
    DELIVERY_DELAYED(Severity.NOTE);

    private final Severity severity;

    FindingCode(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
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
