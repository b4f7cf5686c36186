package io.jmsbench.run.judge;

import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.run.point.PointObservation;
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
     * The share of a shared host's cores that may go to processes other than the run's own during a
     * capacity window: kernel threads (a loopback network's softirq work) take a little; another
     * build or benchmark takes far more (0.7 of 2 cores was seen).
     */
    static final double FOREIGN_LOAD_MAX = 0.10;

    private CpuRules() {
    }

    /**
     * Applied per JVM, since broker and clients share this host: for a capacity run the host must
     * be saturated (the broker then had all the CPU the clients left it), and no agent JVM may take
     * more than the client bound of the host's cores.
     */
    static List<Finding> sharedHost(CpuFigures cpu, Validity validity, boolean capacityRun) {
        List<Finding> broken = new ArrayList<>();
        if (capacityRun && !Double.isNaN(cpu.hostBusy()) && cpu.hostBusy() < validity.brokerCpuMin()) {
            broken.add(Finding.of(FindingCode.CPU_RULE_BROKER, String.format(Locale.ROOT, PREFIX + "broker not "
                    + "saturated: the shared host was %.1f%% busy (< %.0f%%), so the broker was not the bottleneck",
                    cpu.hostBusy() * 100, validity.brokerCpuMin() * 100)));
        }
        double ours = cpu.brokerCores() + cpu.publisherCores() + cpu.subscriberCores()
                + (Double.isNaN(cpu.controllerCores()) ? 0 : cpu.controllerCores());
        double foreign = cpu.hostBusy() * cpu.hostCores() - ours;
        // the broker's own JVM measured: an external broker on this host would be "foreign" load itself
        if (capacityRun && !Double.isNaN(foreign) && foreign > FOREIGN_LOAD_MAX * cpu.hostCores()) {
            broken.add(Finding.of(FindingCode.CPU_RULE_FOREIGN_LOAD, String.format(Locale.ROOT, PREFIX + "other "
                    + "processes took %.2f of the shared host's %d cores (%.0f%%, > %.0f%%) during the window, so the "
                    + "broker did not have every cycle the clients left it: run it on a quiet machine", foreign,
                    cpu.hostCores(), 100 * foreign / cpu.hostCores(), 100 * FOREIGN_LOAD_MAX)));
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

    private static Finding clientAgent(String role, double cores, Validity validity, int hostCores) {
        return Finding.of(FindingCode.CPU_RULE_CLIENT, String.format(Locale.ROOT, PREFIX + "%s agent used %.2f cores "
                + "(> %.0f%% of %d cores): the clients may be the bottleneck", role, cores,
                validity.clientCpuMax() * 100, hostCores));
    }

    /** Per host, each agent's and the broker's host being a machine of its own. */
    static List<Finding> separateHosts(PointObservation o, Validity validity, boolean capacityRun) {
        List<Finding> broken = new ArrayList<>();
        double brokerBusy = WindowFigures.hostBusy(o, Workers.BROKER_HOST);
        if (capacityRun && o.placement().brokerHostMonitored()) {
            if (Double.isNaN(brokerBusy)) {
                broken.add(Finding.of(FindingCode.CPU_RULE_BROKER_UNKNOWN, PREFIX + "the broker host's CPU is unknown "
                        + "(its monitor agent did not answer)"));
            } else if (brokerBusy < validity.brokerCpuMin()) {
                broken.add(Finding.of(FindingCode.CPU_RULE_BROKER, String.format(Locale.ROOT, PREFIX + "broker not "
                        + "saturated: its host was %.1f%% busy (< %.0f%%)", brokerBusy * 100,
                        validity.brokerCpuMin() * 100)));
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
}
