package io.jmsbench.run;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.report.CpuPlacement;
import io.jmsbench.run.jvm.Affinity;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.AgentGroup;
import io.jmsbench.run.workers.PointAgents;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where one point's processes run on this host's CPUs ({@code cpus:}): the partitions, resolved on
 * this process's mask before the point moves anything; the controller and an external broker held
 * to theirs for the point; and, as the point ends, where the kernel holds each process. A scenario
 * that shares the host has no partitions, and every method here then leaves the processes alone.
 */
final class PointCpus {

    private final CpuPartitions partitions;

    private PointCpus(CpuPartitions partitions) {
        this.partitions = partitions;
    }

    /** The CPUs each role runs on; {@link #partitions()} is {@code null} when the scenario shares the host. */
    static PointCpus of(Scenario scenario) throws RunFailure {
        if (!scenario.cpus().partitioned()) {
            return new PointCpus(null);
        }
        CpuList mask = CpuList.allowed();
        CpuPartitions partitions = scenario.cpus().resolve(mask);
        if (partitions == null) {
            throw new RunFailure("cpus: auto needs at least 2 CPUs, and this process may use " + mask.size()
                    + " (CPU " + mask + ")");
        }
        for (CpuPartitions.Partition p : partitions.partitions()) {
            if (!p.cpus().within(mask)) {
                throw new RunFailure("cpus: CPU " + p.cpus().minus(mask) + " of the " + p.name() + " partition is not one this "
                        + "process may use (its affinity mask is " + mask + ")");
            }
        }
        return new PointCpus(partitions);
    }

    /** {@code null} when the scenario shares the host. */
    CpuPartitions partitions() {
        return partitions;
    }

    /** The broker's CPUs; {@code null}: anywhere. */
    CpuList broker() {
        return partitions == null ? null : partitions.broker();
    }

    /** The controller held to its partition until the pin is closed. */
    Affinity.Pin pinController() throws RunFailure {
        return Affinity.pinSelf(partitions == null ? null : partitions.controller());
    }

    /**
     * An external broker on this host moved onto the broker's CPUs for the point when the scenario
     * allows it ({@code cpus.pinExternal}), and given back the CPUs it had when the point ends; an
     * embedded broker started on them is checked to be there.
     */
    Affinity.Pin pinBroker(Scenario scenario, PointBroker broker, PrintStream console) throws RunFailure {
        if (partitions == null) {
            return Affinity.pin(-1, null);
        }
        if (scenario.broker().isEmbedded()) {
            if (broker.process() != null) {
                Affinity.check(broker.process().pid(), partitions.broker());
            }
            return Affinity.pin(-1, null);
        }
        if (broker.gauged() == null || broker.gauged().pid() < 0) {
            throw new RunFailure("cpus.pinExternal: no process of this machine listens on the broker's port, so the "
                    + "external broker cannot be moved onto CPU " + partitions.broker()
                    + " (give --broker-port when its URL's port is not the one it listens on)");
        }
        console.println("  broker   moved onto CPU " + partitions.broker() + " for the point (cpus.pinExternal), "
                + "and back after it");
        return Affinity.pin(broker.gauged().pid(), partitions.broker());
    }

    /** The observation with where its processes were given to run and where the kernel holds them now. */
    PointObservation placed(PointObservation o, PointBroker broker, PointAgents agents) throws AgentException {
        return partitions == null ? o : o.withCpus(held(broker, agents));
    }

    private CpuPlacement held(PointBroker broker, PointAgents agents) throws AgentException {
        Map<String, String> given = new LinkedHashMap<>();
        Map<String, String> held = new LinkedHashMap<>();
        given.put("broker", partitions.broker().toString());
        given.put("publishers", partitions.publishers().toString());
        given.put("subscribers", partitions.subscribers().toString());
        given.put("controller", partitions.controller().toString());
        if (broker.gauged() != null && broker.gauged().pid() >= 0) {
            held.put("broker", CpuList.allowed(broker.gauged().pid()).toString());
        }
        for (AgentGroup group : List.of(agents.publishers(), agents.subscribers())) {
            for (AgentClient agent : group.agents()) {
                held.put(agent.name(), CpuList.allowed(agent.info().jvm().pid()).toString());
            }
        }
        held.put("controller", CpuList.allowed().toString());
        return new CpuPlacement(partitions.how(), Affinity.HOW, CpuList.online().toString(),
                partitions.processMask().toString(), given, held);
    }
}
