package io.jmsbench.run.judge;

import io.jmsbench.report.PartitionFigures;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.run.point.Deltas;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.workers.Placement.Layout;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Validity;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The paper's validity rules (§3.3) on CPU: the broker saturated in a capacity run, every client below a bound. */
final class CpuRules {

    private static final String PREFIX = "cpu rule: ";
    /**
     * The share of a partition's CPUs (or the shared host's) that other processes' threads may
     * take during a capacity window; another build or benchmark takes far more (0.7 of 2 cores was
     * seen). Kernel threads and interrupts do not count against it ({@link #foreignLoad}).
     */
    static final double FOREIGN_LOAD_MAX = 0.10;

    private CpuRules() {
    }

    /** The rules per host where every host is a machine of its own, per partition, or per JVM on a shared one. */
    static List<Finding> check(PointFacts facts) {
        Validity validity = facts.scenario().validity();
        // the broker's saturation asks for saturated publishers: a sustainable rate is held just below
        // what the broker delivers, and a broker's limit need not be its CPU (one queue, one thread);
        // foreign load takes cycles from any capacity claim, the held window of a sustainable rate too
        boolean saturated = facts.plan().capacity();
        boolean claim = facts.capacityClaim();
        return switch (facts.placement().layout()) {
            case PARTITIONED -> partitions(facts.figures().cpu(), validity, saturated, claim);
            case SEPARATE_HOSTS, MONITORED_HOSTS -> separateHosts(facts.observation(), validity, saturated,
                    facts.placement().layout() == Layout.MONITORED_HOSTS);
            case UNKNOWN, SHARED_HOST, SHARED_KERNEL -> sharedHost(facts.figures().cpu(), validity,
                    saturated && facts.brokerCpuMeasured(), claim && facts.brokerCpuMeasured());
        };
    }

    /**
     * Applied per JVM, since broker and clients share this host: for a capacity run the host must
     * be saturated (the broker then had all the CPU the clients left it), and no agent JVM may take
     * more than the client bound of the host's cores. Foreign load is judged for a capacity claim
     * ({@code claim}) whose broker's CPU was measured: otherwise the broker's own would count as foreign.
     */
    private static List<Finding> sharedHost(CpuFigures cpu, Validity validity, boolean capacityRun, boolean claim) {
        List<Finding> broken = new ArrayList<>();
        PartitionFigures host = cpu.partition("host");
        double runBusy = runsOwn(cpu.hostBusy(), host);
        if (capacityRun && !Double.isNaN(runBusy) && runBusy < validity.brokerCpuMin()) {
            broken.add(Finding.of(FindingCode.CPU_RULE_BROKER, String.format(Locale.ROOT, PREFIX + "broker not "
                    + "saturated: the shared host was %.1f%% busy (< %.0f%%)%s, so the broker was not the bottleneck",
                    runBusy * 100, validity.brokerCpuMin() * 100, ofWhich(cpu.hostBusy(), runBusy))));
        }
        if (claim) {
            foreignLoad(cpu.partition("host"), "the shared host", broken);
        }
        double bound = validity.clientCpuMax() * cpu.hostCores();
        if (cpu.publisherCores() > bound) {
            broken.add(clientAgent("publisher", cpu.publisherCores(), validity, cpu.hostCores()));
        }
        if (cpu.subscriberCores() > bound) {
            broken.add(clientAgent("subscriber", cpu.subscriberCores(), validity, cpu.hostCores()));
        }
        return broken;
    }

    /**
     * Partition for host, the paper's rules on one machine whose roles ran on disjoint CPUs: the
     * broker's partition saturated in a capacity run, each client partition below the client
     * bound, and no other process's load on a partition the rules read for a capacity claim.
     */
    private static List<Finding> partitions(CpuFigures cpu, Validity validity, boolean capacityRun, boolean claim) {
        List<Finding> broken = new ArrayList<>();
        PartitionFigures broker = cpu.partition("broker");
        List<PartitionFigures> clients = cpu.partitions().stream()
                .filter(p -> !p.name().equals("broker") && !p.name().equals("controller")).toList();
        List<PartitionFigures> busyClients = clients.stream().filter(p -> p.busy() > validity.clientCpuMax()).toList();
        for (PartitionFigures p : busyClients) {
            broken.add(Finding.of(FindingCode.CPU_RULE_CLIENT, String.format(Locale.ROOT, PREFIX + "the %s "
                    + "partition (CPU %s) was %.1f%% busy (> %.0f%%): the clients may be the bottleneck", p.name(),
                    p.cpus(), p.busy() * 100, validity.clientCpuMax() * 100)));
        }
        double brokerBusy = broker == null ? Double.NaN : runsOwn(broker.busy(), broker);
        if (capacityRun && broker != null && brokerBusy < validity.brokerCpuMin()) {
            String why = busyClients.isEmpty()
                    ? String.format(Locale.ROOT, "; no client partition was busy either (%s), so the bottleneck is "
                    + "outside the CPUs: a lock, the disk, the network or a flow-control limit", busyShares(clients))
                    : ", as the clients' were";
            broken.add(Finding.of(FindingCode.CPU_RULE_BROKER, String.format(Locale.ROOT, PREFIX + "broker not "
                    + "saturated: its partition (CPU %s) was %.1f%% busy (< %.0f%%)%s%s", broker.cpus(),
                    brokerBusy * 100, validity.brokerCpuMin() * 100, ofWhich(broker.busy(), brokerBusy), why)));
        }
        if (claim) {
            for (PartitionFigures p : cpu.partitions()) {
                foreignLoad(p, "the " + p.name() + " partition (CPU " + p.cpus() + ")", broken);
            }
        }
        return broken;
    }

    private static String busyShares(List<PartitionFigures> partitions) {
        return String.join(", ", partitions.stream().map(p -> String.format(Locale.ROOT, "%s %.0f%%", p.name(),
                p.busy() * 100)).toList());
    }

    /**
     * The busy share of {@code p} that was the run's own: its JVMs (every process of its cgroup where
     * it has one), the interrupts and kernel threads on it, never more than {@code busy}; so that
     * someone else's work never saturates the broker.
     */
    static double runsOwn(double busy, PartitionFigures p) {
        int cpus = p == null ? 0 : p.size();
        if (cpus == 0 || Double.isNaN(busy)) {
            return busy;
        }
        double run = PartitionAccount.CGROUP.equals(p.accounting()) ? p.runCores() : p.ownCores();
        double own = known(run) + known(p.interruptCores()) + known(p.kernelCores());
        return Double.isNaN(run) && Double.isNaN(p.ownCores()) ? busy : Math.min(busy, own / cpus);
    }

    private static double known(double cores) {
        return Double.isNaN(cores) ? 0 : cores;
    }

    /** ", of its 99.9% busy, 14% foreign" where foreign load took part of the busy share; "" otherwise. */
    private static String ofWhich(double busy, double runBusy) {
        return busy - runBusy < 0.0005 ? "" : String.format(Locale.ROOT, " as its own work (%.1f%% busy, %.1f%% of "
                + "it foreign load)", busy * 100, (busy - runBusy) * 100);
    }

    /**
     * The foreign load on {@code p}'s CPUs beyond {@link #FOREIGN_LOAD_MAX} of them: other processes'
     * threads the census saw, and the time nothing explains (processes that came and went between two
     * readings). Kernel threads and interrupts are not counted: on a quiet host they are the run's own
     * I/O (the journal's writeback) and loopback network, work the broker and clients cause.
     */
    private static void foreignLoad(PartitionFigures p, String where, List<Finding> broken) {
        double foreign = p == null ? Double.NaN : p.foreignLoad();
        if (p == null || p.size() == 0 || Double.isNaN(foreign) || foreign <= FOREIGN_LOAD_MAX * p.size()) {
            return;
        }
        broken.add(Finding.of(FindingCode.CPU_RULE_FOREIGN_LOAD, String.format(Locale.ROOT, PREFIX + "other "
                + "processes took %.2f cores of %s, %.0f%% of its %d (> %.0f%%), during the window%s, so the broker "
                + "did not have every cycle the clients left it: run it on a quiet machine", foreign, where,
                100 * foreign / p.size(), p.size(), 100 * FOREIGN_LOAD_MAX, whose(p))));
    }

    /** Who took it: ": bash 0.05 seen, 0.40 unexplained (...)"; "" when only processes seen took it, unnamed. */
    private static String whose(PartitionFigures p) {
        double unexplained = Double.isNaN(p.unexplainedCores()) ? 0 : p.unexplainedCores();
        if (unexplained < 0.005 && p.otherProcesses().isEmpty()) {
            return "";
        }
        String seen = p.otherProcesses().isEmpty() ? String.format(Locale.ROOT, "%.2f by processes seen",
                Double.isNaN(p.foreignCores()) ? 0 : p.foreignCores())
                : "processes seen " + String.join(", ", p.otherProcesses());
        return String.format(Locale.ROOT, " (%s; %.2f unexplained: processes that came and went between two "
                + "readings, or time no process accounts for%s)", seen, unexplained,
                PartitionAccount.CGROUP.equals(p.accounting()) ? ", by the cgroup counts" : "");
    }

    private static Finding clientAgent(String role, double cores, Validity validity, int hostCores) {
        return Finding.of(FindingCode.CPU_RULE_CLIENT, String.format(Locale.ROOT, PREFIX + "%s agent used %.2f cores "
                + "(> %.0f%% of %d cores): the clients may be the bottleneck", role, cores,
                validity.clientCpuMax() * 100, hostCores));
    }

    /**
     * Per host, each agent's and the broker's host being a machine of its own. The broker's rule
     * reads its host's busy share, as the paper's does, with its process's cores beside it when
     * its monitor found it.
     */
    private static List<Finding> separateHosts(PointObservation o, Validity validity, boolean capacityRun,
                                               boolean brokerHostMonitored) {
        List<Finding> broken = new ArrayList<>();
        double brokerBusy = WindowFigures.hostBusy(o, Workers.BROKER_HOST);
        if (capacityRun && brokerHostMonitored) {
            if (Double.isNaN(brokerBusy)) {
                broken.add(Finding.of(FindingCode.CPU_RULE_BROKER_UNKNOWN, PREFIX + "the broker host's CPU is unknown "
                        + "(its monitor agent did not answer)"));
            } else if (brokerBusy < validity.brokerCpuMin()) {
                broken.add(Finding.of(FindingCode.CPU_RULE_BROKER, String.format(Locale.ROOT, PREFIX + "broker not "
                        + "saturated: its host was %.1f%% busy (< %.0f%%)%s", brokerBusy * 100,
                        validity.brokerCpuMin() * 100, brokerProcess(o))));
            }
        }
        for (String agent : o.windowEnd().hosts().keySet()) {
            if (agent.equals(Workers.BROKER_HOST)) {
                continue;
            }
            double busy = WindowFigures.hostBusy(o, agent);
            if (busy > validity.clientCpuMax()) {
                broken.add(Finding.of(FindingCode.CPU_RULE_CLIENT, String.format(Locale.ROOT, PREFIX + "the host of %s "
                        + "was %.1f%% busy (> %.0f%%): the clients may be the bottleneck", agent, busy * 100,
                        validity.clientCpuMax() * 100)));
            }
        }
        return broken;
    }

    /** The broker's cores, as its monitor read its process, for the broker rule's sentence ("" unknown). */
    private static String brokerProcess(PointObservation o) {
        double cores = Deltas.cores(o.windowStart().brokerCpuNanos(), o.windowEnd().brokerCpuNanos(),
                o.windowEnd().nanos() - o.windowStart().nanos());
        return Double.isNaN(cores) ? "" : String.format(Locale.ROOT, ", its process used %.2f cores", cores);
    }
}
