package io.jmsbench.run.judge;

import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.workers.Placement;
import io.jmsbench.run.workers.Placement.Layout;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.system.CpuPartitions;
import io.jmsbench.system.ListeningProcess;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.List;

/**
 * The rules on where a point ran: the machines' layout said, and what of the broker's and the
 * host's CPU could not be measured, so that the paper's CPU rules ({@link CpuRules}) could not be
 * checked.
 */
final class HostRules {

    private HostRules() {
    }

    /** What the layout means for the figures: a shared host, partitions, or an unwatched broker host. */
    static List<Finding> placement(PointFacts facts) {
        int hostCores = facts.hostCores();
        return switch (facts.placement().layout()) {
            case UNKNOWN, MONITORED_HOSTS -> List.of();
            case PARTITIONED -> {
                CpuPartitions p = facts.placement().partitions();
                yield List.of(Finding.of(FindingCode.PARTITIONED_HOST, "partitioned host: the broker on CPU "
                        + p.broker() + (p.clientsShare() ? ", the clients on CPU " + p.publishers()
                        : ", the publishers on CPU " + p.publishers() + ", the subscribers on CPU " + p.subscribers())
                        + " of this machine's " + hostCores + "; judged partition for host, but the partitions still "
                        + "share memory bandwidth, caches and the loopback network"));
            }
            case SHARED_HOST -> List.of(Finding.of(FindingCode.SHARED_HOST, "shared host: broker, publishers and "
                    + "subscribers share this machine's " + hostCores + " cores, so this is not a testbed capacity "
                    + "figure"));
            case SHARED_KERNEL -> List.of(Finding.of(FindingCode.SHARED_HOST, "shared host: some agents (or an agent "
                    + "and the broker) run on one machine (the same kernel boot id), so they share cores; CPU rules "
                    + "apply per JVM; not a testbed capacity figure"));
            case SEPARATE_HOSTS -> facts.brokerCpuUnverified() ? List.of()
                    : List.of(Finding.of(FindingCode.BROKER_HOST_NOT_MONITORED, "broker host not monitored: start "
                    + "'jmsbench agent --role monitor' on the broker's machine and list it as agents.monitor, so the "
                    + "broker-CPU rule can be checked"));
        };
    }

    /**
     * A capacity point whose broker CPU nothing measured: no rule can say whether the broker was
     * saturated, nor, on a shared host, whether other processes took its CPU.
     */
    static List<Finding> brokerCpuNotMeasured(PointFacts facts) {
        return !facts.brokerCpuUnverified() || notABroker(facts) != null ? List.of() : List.of(Finding.of(FindingCode.BROKER_CPU_NOT_MEASURED,
                "unverified: the broker's CPU was not measured, so " + unchecked(facts) + ": start 'jmsbench agent "
                + "--role monitor' on the broker's host and list it as agents.monitor"));
    }

    /** What a broker's CPU not measured leaves unchecked, as the end of a sentence. */
    private static String unchecked(PointFacts facts) {
        String saturation = "the rule that a capacity point saturates the broker";
        String foreign = "whether other processes took its CPU (its own work would count as theirs)";
        if (!facts.sharedHostClaim()) {
            return saturation + " could not be checked";
        }
        return facts.scenario().publishers().saturated() ? "neither " + saturation + " nor " + foreign
                + " could be checked" : foreign + " in the held window could not be checked";
    }

    /**
     * A capacity point whose broker's CPU nothing measured because the process on the broker's port
     * of this machine does not look like a broker (a forwarder, a proxy, an unknown program): in place
     * of {@link #brokerCpuNotMeasured}, whose advice (a monitor agent) would miss the cause.
     */
    static List<Finding> brokerProcessNotABroker(PointFacts facts) {
        ListeningProcess process = notABroker(facts);
        return !facts.brokerCpuUnverified() || process == null ? List.of() : List.of(Finding.of(
                FindingCode.BROKER_PROCESS_NOT_A_BROKER, "unverified: the process listening on the broker's port, "
                + process.pid() + " (" + process.command() + "), looks like " + process.looksLike() + ", not a broker, "
                + "so it was not measured as the broker and " + unchecked(facts) + ": name the broker's process with --broker-pid, or --broker-port with the port it "
                + "listens on itself"));
    }

    /** The process found on the broker's port when it was not measured for not looking like one; {@code null} otherwise. */
    private static ListeningProcess notABroker(PointFacts facts) {
        BrokerFacts broker = facts.observation().environment() == null ? null
                : facts.observation().environment().broker();
        ListeningProcess process = broker == null ? null : broker.process();
        return process == null || process.kind() == null || process.look().measurable() ? null : process;
    }

    /** A broker on another host whose process its monitor agent did not find: why, in the monitor's terms. */
    static List<Finding> brokerProcessNotMeasured(PointFacts facts) {
        PointObservation o = facts.observation();
        BrokerProcessSample monitored = o.windowEnd().monitoredBroker();
        if (o.windowEnd().brokerCpuNanos() >= 0 || monitored == null || monitored.found()) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.BROKER_PROCESS_NOT_MEASURED, "broker process not measured: the "
                + "monitor agent on the broker's host did not find it: " + monitored.missing().describe(
                monitored.port()) + "; the broker's own cores are unknown, its host's busy share still stands"));
    }

    /**
     * A capacity point on a shared host whose busy share is unknown: the broker's own CPU may be
     * measured, but not whether the clients left it idle cycles, nor, for any capacity claim (the
     * held window of a sustainable rate too), whether other processes took some.
     */
    static List<Finding> hostCpuNotMeasured(PointFacts facts) {
        Layout layout = facts.placement().layout();
        boolean sharedHost = layout == Layout.UNKNOWN || layout == Layout.SHARED_HOST || layout == Layout.SHARED_KERNEL;
        boolean saturated = facts.scenario().publishers().saturated();
        if (!sharedHost || !saturated && !facts.sharedHostClaim() || !Double.isNaN(facts.figures().cpu().hostBusy())) {
            return List.of();
        }
        String saturation = "the rule that a capacity point saturates the host";
        String foreign = "whether other processes took the broker's CPU";
        return List.of(Finding.of(FindingCode.HOST_CPU_NOT_MEASURED, "unverified: the shared host's busy share was "
                + "not measured (no /proc/stat: jmsbench reads Linux's), so " + (!facts.sharedHostClaim()
                ? saturation + " could not be checked" : saturated ? "neither " + saturation + " nor " + foreign
                + " could be checked" : foreign + " in the held window could not be checked")));
    }

    /**
     * A capacity claim where agents, some of them started apart from this controller or on another
     * machine, share a machine that may be the broker's ({@link Layout#SHARED_KERNEL}): the census of
     * other processes covers this machine only and tells the run's JVMs by those this controller
     * started, so the foreign-load rule is not applied there ({@link CpuRules}); say so, as a
     * capacity figure needs it. A broker known to have a machine of its own is judged as on
     * separate hosts, where no foreign-load rule applies.
     */
    static List<Finding> foreignLoadNotChecked(PointFacts facts) {
        Placement placement = facts.placement();
        if (!facts.capacityClaim() || placement.layout() != Layout.SHARED_KERNEL || placement.brokerAlone()) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.FOREIGN_LOAD_NOT_CHECKED, "unverified: whether other processes took "
                + "CPU the broker needed could not be checked: agents share a machine (one kernel) with each other "
                + "or with the broker, and jmsbench counts other processes' load only where the run started every "
                + "JVM on this machine itself; for a capacity figure, let the run start its agents (no agents: "
                + "section), or give each agent and the broker a machine of its own"));
    }

    /**
     * Whether anything measured the broker's CPU over a completed window: its process, on this machine
     * or as the monitor agent on its host read it, or that monitor's host busy share. On a shared host,
     * the host's busy share speaks for the broker only when the broker is one of the processes sharing
     * it, which for an external broker nothing shows. A monitor that found nothing on the broker's port
     * does not disprove its host: a broker in a container or a pod listens in a network namespace of
     * its own.
     */
    static boolean brokerCpuMeasured(PointObservation o) {
        boolean process = o.windowStart().brokerCpuNanos() >= 0 && o.windowEnd().brokerCpuNanos() >= 0;
        boolean monitor = !Double.isNaN(WindowFigures.hostBusy(o, Workers.BROKER_HOST));
        return process || monitor;
    }
}
