package io.jmsbench.system;

import java.util.ArrayList;
import java.util.List;

/**
 * The CPUs each role runs on for a run on one host: the broker's, the publishers' and the
 * subscribers' (the same list when the clients share one), and the controller's: the CPUs of the
 * process's mask left over, or the publishers' when none are left. {@code how} says how the lists
 * came about ({@code auto} or {@code lists}).
 */
public record CpuPartitions(String how, CpuList broker, CpuList publishers, CpuList subscribers,
                            CpuList controller, CpuList processMask) {

    public static CpuPartitions of(String how, CpuList broker, CpuList publishers, CpuList subscribers,
                                   CpuList processMask) {
        CpuList left = processMask.minus(broker).minus(publishers).minus(subscribers);
        return new CpuPartitions(how, broker, publishers, subscribers, left.isEmpty() ? publishers : left,
                processMask);
    }

    /** Whether publishers and subscribers share one partition. */
    public boolean clientsShare() {
        return publishers.equals(subscribers);
    }

    /** Each distinct partition once, with the roles it holds: the broker's first. */
    public List<Partition> partitions() {
        List<Partition> all = new ArrayList<>();
        all.add(new Partition("broker", broker));
        if (clientsShare()) {
            all.add(new Partition("clients", publishers));
        } else {
            all.add(new Partition("publishers", publishers));
            all.add(new Partition("subscribers", subscribers));
        }
        CpuList clients = publishers.union(subscribers);
        if (!controller.within(clients)) {
            all.add(new Partition("controller", controller));
        }
        return all;
    }

    /** One partition: a name for the roles on it and its CPUs. */
    public record Partition(String name, CpuList cpus) {
    }
}
