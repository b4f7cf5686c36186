package io.jmsbench.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.jmsbench.verdict.Finding.Severity;

/**
 * Every kind of finding a point can carry. The name is what {@code report.json} says in
 * {@code findings[].code}; rename never, add freely. Each code carries its severity and its
 * explanation, what it means and what to do, from which docs/reference/findings.md is generated.
 */
public enum FindingCode {

    ABORTED(Severity.INVALID,
            "The point did not finish: the run was stopped (Ctrl-C, a signal) or failed during it (the broker or an "
                    + "agent lost, an internal error). The finding's sentence gives the reason.",
            "Read the sentence and the logs in the run directory's logs/, fix the cause, and run the point again."),
    STALLED(Severity.INVALID,
            "The publishers sent nothing for 15 s, so the point was given up. The sentence says whether the broker "
                    + "still answered and what it said of its limits and producers (memory, flow control), where the "
                    + "thread dumps taken then are, and the last send error.",
            "A broker that was up held its producers back: raise the limit it names, or let subscribers take what "
                    + "fills it; one that did not answer was down or out of reach. Read the thread dumps in logs/."),
    WINDOW_NOT_COMPLETED(Severity.INVALID,
            "The point ended without its measurement window reaching its end, so no rate covers a whole window.",
            "Look at the point's samples and the logs in the run directory's logs/ for what held it up, then run it "
                    + "again."),
    NO_MESSAGES_IN_WINDOW(Severity.INVALID,
            "The publishers sent no message during the measurement window.",
            "Check the publishers' send errors and logs, and that the broker accepts sends (flow control, limits); "
                    + "a profile's rate may be zero during the window."),
    TARGET_RATE_MISSED(Severity.INVALID,
            "At a fixed rate or a profile, the publishers sent less than 99% of the rate asked over the window: the "
                    + "broker or the publishers could not keep up, so the point measures a different load.",
            "Lower the rate, add publisher clients or agents, or run rate: max to measure the broker's capacity "
                    + "instead."),
    SEND_ERRORS(Severity.INVALID,
            "Sends failed during the point; the sentence counts them and gives the last error.",
            "Fix what the last error names (a broker limit, sendFailIfNoSpace, a lost connection); the point's "
                    + "totals list each publisher's errors."),
    RECEIVE_ERRORS(Severity.INVALID,
            "Receives failed during the point; the sentence counts them and gives the last error.",
            "Fix what the last error names; the point's totals list each subscriber's errors."),
    PERSISTENT_MESSAGES_LOST(Severity.INVALID,
            "Persistent messages to a queue or a durable subscription were sent and never received once the drain "
                    + "ended: the broker lost messages it must keep.",
            "Look at the first lost streams the sentence names, the broker's log and its store; with faults, the "
                    + "point shows what the broker loses through them."),
    REQUESTS_UNANSWERED(Severity.INVALID,
            "Request/reply: persistent requests to a queue or a durable subscription got no reply once the drain and "
                    + "the wait for replies ended (the requesters sent more requests than replies came back).",
            "Check that every consumer of the requests answers (reply: true): a consumer that does not takes its "
                    + "share of them; then look at the responders' errors, the reply queue and the broker's log."),
    DUPLICATES(Severity.INVALID,
            "Subscribers received some messages more than once although the acknowledgement mode allows no "
                    + "duplicates (only dups_ok does).",
            "Look at the first duplicated streams the sentence names and at redeliveries; use ack: dups_ok only "
                    + "where duplicates are acceptable."),
    DRAIN_TIMEOUT(Severity.INVALID,
            "The drain reached its bound (phases.drain) with expected receipts still missing, so loss cannot be told "
                    + "from delay.",
            "Give the drain more time (a longer phases.drain) or lower the load so the broker's backlog is smaller "
                    + "when the publishers stop."),
    DRAIN_INCOMPLETE(Severity.INVALID,
            "The drain ended because no receipt came for 2 s (quiet) with expected receipts still missing.",
            "Compare the expected and received counts with the audit's lost count and the broker's log: the "
                    + "messages were lost, or are held by the broker for subscribers that do not take them."),
    REPLICATION_GRADE_MISMATCH(Severity.INVALID,
            "Receipts per message sent over the point (the measured replication grade) differ by more than 2% from "
                    + "what the scenario's subscriptions and filters make expected.",
            "Check the subscribers' filters against the message properties and values sent, and look for lost or "
                    + "duplicated messages."),
    CPU_RULE_BROKER(Severity.INVALID,
            "In a capacity run (rate: max), the broker's CPU (its host, its partition, or the shared host) was below "
                    + "validity.brokerCpuMin, so the broker was not the bottleneck and the rates are not its capacity.",
            "Add publisher clients or agents until the broker saturates; if no CPU is busy, look at the disk, the "
                    + "network, locks or flow control."),
    CPU_RULE_BROKER_UNKNOWN(Severity.INVALID,
            "The broker host's monitor agent is listed but its CPU could not be read, so the broker rule could not "
                    + "be checked.",
            "Check that the monitor agent on the broker's host (agents.monitor) is running and reachable."),
    CPU_RULE_CLIENT(Severity.INVALID,
            "A publisher or subscriber agent (or its host, or its CPU partition) was busier than "
                    + "validity.clientCpuMax, so the clients may be the bottleneck.",
            "Spread the clients over more agents or machines, or give the client partitions more CPUs."),
    CPU_RULE_FOREIGN_LOAD(Severity.INVALID,
            "During a capacity window, processes other than the broker, the agents and the controller took more "
                    + "than 10% of the shared host's (or a partition's) CPUs, so the broker did not have every cycle "
                    + "the clients left it.",
            "Run on a quiet machine: stop builds, other benchmarks and busy services while measuring."),
    NEVER_STEADY(Severity.INVALID,
            "With warmup: auto, the rates were still changing when the warm-up reached maxWarmup, so the window may "
                    + "hold the start-up transient.",
            "Raise phases.maxWarmup, or look at the per-second rates for a trend that never settles."),
    NOT_STEADY(Severity.INVALID,
            "In a capacity run, the broker's backlog grew or shrank during the window beyond its noise and the "
                    + "precision asked (the window's replication grade was off the expected one, or the broker's own "
                    + "depth changed), so the rates are not the broker's capacity.",
            "Use a longer or an automatic warm-up (warmup: auto), and check that every subscriber keeps up."),
    UNCLASSIFIED(Severity.INVALID,
            "A reason read from a report written before findings had codes, or a code this version of jmsbench does "
                    + "not know (from a newer version's report); its severity is the one written in the report.",
            "Read the finding's sentence; a newer jmsbench explains the code."),

    BROKER_CPU_NOT_MEASURED(Severity.UNVERIFIED,
            "In a capacity run, nothing measured the broker's CPU (an external broker without a monitor agent on its "
                    + "host), so the rule that the broker is saturated could not be checked.",
            "Start 'jmsbench agent --role monitor' on the broker's host and list it as agents.monitor."),
    WINDOW_TOO_SHORT(Severity.UNVERIFIED,
            "In a capacity run, the window had too few one-second samples for a 95% interval, so neither the rates' "
                    + "precision nor whether the backlog held still could be told.",
            "Use a longer phases.measure, or measure: auto with a precision."),
    HOST_CPU_NOT_MEASURED(Severity.UNVERIFIED,
            "In a capacity run (rate: max) on a shared host, the host's busy share was not measured (no /proc/stat: "
                    + "jmsbench reads Linux's), so whether the host, and with it the broker, was saturated could not be "
                    + "checked.",
            "Run the benchmark on Linux, where jmsbench reads the host's CPU from /proc/stat."),

    BROKER_COUNT_MISMATCH(Severity.INVALID,
            "The broker's own counts disagree with the clients': the messages it took in against the publishers' "
                    + "sends, or those it saw acknowledged against the subscribers' receipts, beyond what was in "
                    + "flight.",
            "Compare the point's brokerCounts with its totals and audit; look for other producers or consumers on "
                    + "the same destinations and at the broker's log."),
    FAULT_NOT_INJECTED(Severity.INVALID,
            "A scheduled fault could not be injected or undone, so the point did not test what it asked.",
            "Read the error in the sentence and the logs in the run directory's logs/, fix its cause, and run the "
                    + "point again."),
    BROKER_COUNTS_NOT_READ(Severity.NOTE,
            "The broker's own message counts were not read (an external broker, a broker reused across points, one "
                    + "restarted by a fault, or one that did not stop cleanly): the clients' counts stand alone.",
            "Nothing, unless you want the broker's side: give an external broker's management interface "
                    + "(broker.management)."),
    BROKER_ALARM(Severity.INVALID,
            "An external broker's management interface showed a resource alarm during the point (RabbitMQ's memory "
                    + "or disk alarm, ActiveMQ's system usage at its limit): it held the publishers back, so the rates "
                    + "measure the alarm, not the broker.",
            "Give the broker more memory or disk, or lower the load, and run the point again."),
    BROKER_FLOW_CONTROL(Severity.NOTE,
            "An external broker's flow control held producers back during the point (RabbitMQ connections in flow "
                    + "or blocked, ActiveMQ sends blocked or a destination's memory full).",
            "Read the rates as the broker's pace under flow control; raise its limits to measure without it."),
    BROKER_MANAGEMENT_NOT_READ(Severity.NOTE,
            "An external broker's management interface could not be read, so neither its own counts nor its alarms "
                    + "are known; the sentence says why.",
            "Check broker.management (its URL and login) and that the management interface is enabled."),
    NOT_WARMED_UP(Severity.NOTE,
            "The fixed warm-up was shorter than 20 s: throughput may still be climbing while the JIT compiles.",
            "Use phases.warmup of 20 s or more, or warmup: auto."),
    UNSTAMPED(Severity.NOTE,
            "The messages carried no stamp (message.stamped: false): no loss or duplicate audit and no latency, "
                    + "rates only.",
            "Leave message.stamped at its default (true) to audit the messages and measure latency."),
    BROKER_REUSED(Severity.NOTE,
            "One broker served every point of the run (broker.reuse), so a point may inherit the previous one's "
                    + "backlog or store.",
            "Leave broker.reuse off to start a fresh broker for each point."),
    SHARED_HOST(Severity.NOTE,
            "The broker and the clients (or several agents) shared one machine's cores: the rates are not a "
                    + "testbed capacity figure, and the CPU rules are applied per JVM.",
            "For a capacity figure, run the broker and the agents on separate machines (docs/testbed.md), or on "
                    + "disjoint CPUs (cpus:)."),
    PARTITIONED_HOST(Severity.NOTE,
            "The broker and the client roles ran on disjoint CPU partitions of one host (cpus:) and were judged "
                    + "partition for host; they still share memory bandwidth, caches and the loopback network.",
            "Nothing; for a testbed figure, run them on separate machines."),
    BROKER_HOST_NOT_MONITORED(Severity.NOTE,
            "The agents ran on other machines but no monitor agent watched the broker's host, so the broker's CPU "
                    + "rule was not checked.",
            "Start 'jmsbench agent --role monitor' on the broker's machine and list it as agents.monitor."),
    BROKER_PROCESS_NOT_MEASURED(Severity.NOTE,
            "The monitor agent on the broker's host answered but found no process listening on the broker's port "
                    + "(the sentence says why: nothing listens there, /proc unreadable, another user's process), so "
                    + "the broker's own cores are unknown; its host's busy share still judges the point.",
            "Run the monitor as root or as the broker's user, on the broker's host and network namespace, and give "
                    + "it --broker-port when the URL's port is not the broker's own."),
    CONSUMERS_SCHEDULED(Severity.NOTE,
            "A subscriber group joined late, left early or was slow (start, stop or processing): the backlog is "
                    + "deliberate, so the point is judged on what it delivered, not as the broker's capacity, and the "
                    + "steady-state rules are off.",
            "Read the backlog's figures (peak, drain time) rather than the rates."),
    BACKLOG_NOT_DRAINED(Severity.INVALID,
            "With late, leaving or slow subscribers, the backlog was still above what counts as in flight at the "
                    + "point's last sample.",
            "Give the drain more time (phases.drain), or fewer messages to catch up on (a later start, a lower "
                    + "rate, less processing time)."),
    WINDOW_ENDED_BY_TIME(Severity.NOTE,
            "A window bounded by a message count (phases.messages) ended at its time bound (phases.measure) before "
                    + "the count was sent.",
            "Raise phases.measure or lower phases.messages."),
    BACKLOG_CHANGED(Severity.NOTE,
            "At a fixed rate, the broker's backlog grew or shrank over the window: at this rate the broker or the "
                    + "subscribers may not keep up.",
            "Lower the rate, or add subscriber clients; in a capacity run the same change is NOT_STEADY."),
    PRECISION_NOT_REACHED(Severity.NOTE,
            "With measure: auto, the window reached maxMeasure before the rates' 95% interval was as narrow as "
                    + "phases.precision asked; the sentence gives the precision reached.",
            "Raise phases.maxMeasure, or ask for a looser precision."),
    MESSAGES_LOST_ALLOWED(Severity.NOTE,
            "Messages were lost where delivery is at most once (non-persistent, or a non-durable topic "
                    + "subscription), which the JMS contract allows.",
            "Look at the drain and the broker's limits if the loss matters; use persistent delivery to a queue or a "
                    + "durable subscription to require none."),
    REQUESTS_UNANSWERED_ALLOWED(Severity.NOTE,
            "Request/reply: requests got no reply where requests and replies are at most once (non-persistent, or a "
                    + "non-durable topic subscription), which the JMS contract allows.",
            "Check that every consumer of the requests answers (reply: true); use persistent delivery to a queue to "
                    + "require a reply to every request."),
    INTERVAL_CORRELATED(Severity.NOTE,
            "The batch means behind a rate's 95% interval stayed correlated, so the interval is likely too narrow.",
            "Use a longer window (phases.measure) so each batch is longer."),
    LATENCY_CLOCKS_UNCERTAIN(Severity.NOTE,
            "The clock offsets between the agents were uncertain by more than validity.clockUncertaintyMax of the "
                    + "median latency, so the latency figures are not reliable.",
            "Synchronise the machines' clocks (NTP, PTP), or raise validity.clockUncertaintyMax if the bound is too "
                    + "strict for the latency measured."),
    FAULTS_INJECTED(Severity.NOTE,
            "Faults were injected into the broker: the rates include them, so the point shows what the broker loses "
                    + "and how it comes back, not its capacity; the capacity rules are off.",
            "Read the faults' outcomes (recovery, reconnected clients) and the audit, not the rates."),
    PROFILE_FELL_SHORT(Severity.NOTE,
            "On a rate profile, the publishers sent short of its target in some seconds: the broker or the load "
                    + "generator fell behind there. A second behind is made up later and its latency counts the wait.",
            "Look at the seconds the sentence names; the window's total against the profile is TARGET_RATE_MISSED's "
                    + "to judge."),
    MESSAGES_EXPIRED(Severity.NOTE,
            "Messages carried a time to live (message.timeToLive) and the broker discarded some when it ran out; the "
                    + "broker's own count of them is reported apart from lost ones.",
            "Nothing if expiry is what the scenario tests; otherwise a longer time to live or faster consumers."),
    EXPIRY_NOT_COUNTED(Severity.UNVERIFIED,
            "Messages carried a time to live and some never arrived, but the broker's expired count could not be "
                    + "read (an external or reused broker, an Artemis topic, ActiveMQ over AMQP), so expired cannot be "
                    + "told from lost.",
            "Run on the embedded ActiveMQ over OpenWire or on an Artemis queue, where the count is read, or drop the "
                    + "time to live to judge loss."),
    GROUPS_SPLIT(Severity.INVALID,
            "A message group (message.groups, JMSXGroupID) went to more than one of a queue's consumers, on a broker "
                    + "that promises each group one consumer at a time; the sentence names the groups.",
            "Check the broker's message-group settings; a consumer that failed over moves its groups, so read the "
                    + "audit and the faults beside it."),
    MESSAGE_GROUPS(Severity.NOTE,
            "Where the message groups went: how many groups reached how many consumers, none split, or why "
                    + "stickiness was not judged (broker kind unknown, faults, a consumer that left).",
            "Nothing; it documents the groups."),
    DELIVERY_DELAYED(Severity.NOTE,
            "Messages carried a delivery delay (message.deliveryDelay); the latency, measured from the intended "
                    + "send, includes it.",
            "Subtract the delay when comparing with undelayed runs.");

    private final Severity severity;
    private final String meaning;
    private final String action;

    FindingCode(Severity severity, String meaning, String action) {
        this.severity = severity;
        this.meaning = meaning;
        this.action = action;
    }

    /** A code still owed its explanation: {@code FindingCodeTest} fails until it has one. */
    FindingCode(Severity severity) {
        this(severity, "", "");
    }

    public Severity severity() {
        return severity;
    }

    /** What the finding means, for the finding reference (docs/reference/findings.md). */
    public String meaning() {
        return meaning;
    }

    /** What a user can do about it. */
    public String action() {
        return action;
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
