package io.jmsbench.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Which CPUs of this host are hardware threads of one core (SMT siblings, "hyper-threads"), so that
 * a split of the CPUs can keep a core's threads together. Linux says it in
 * {@code /sys/devices/system/cpu/cpuN/topology/thread_siblings_list}; a CPU whose file is missing or
 * unreadable counts as a core of its own.
 */
public final class CpuCores {

    /** Every CPU a core of its own: a host without SMT, or one whose topology is unknown. */
    public static final CpuCores NONE = new CpuCores(CpuList::of);

    private final IntFunction<CpuList> siblingsOf;

    private CpuCores(IntFunction<CpuList> siblingsOf) {
        this.siblingsOf = siblingsOf;
    }

    /** The topology given by {@code siblingsOf}: the CPUs that share a core with the given one, itself included. */
    public static CpuCores of(IntFunction<CpuList> siblingsOf) {
        return new CpuCores(siblingsOf);
    }

    /** This host's topology, as Linux's sysfs gives it. */
    public static CpuCores read() {
        return new CpuCores(CpuCores::siblingsFromSysfs);
    }

    private static CpuList siblingsFromSysfs(int cpu) {
        Path file = Path.of("/sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list");
        try {
            CpuList siblings = CpuList.parse(Files.readString(file).strip());
            return siblings.contains(cpu) ? siblings : CpuList.of(cpu);
        } catch (IOException | IllegalArgumentException e) {
            return CpuList.of(cpu);
        }
    }

    /**
     * The CPUs of {@code allowed} grouped by core, each group holding only allowed CPUs, in the order of
     * each core's lowest allowed CPU.
     */
    public List<CpuList> cores(CpuList allowed) {
        List<CpuList> cores = new ArrayList<>();
        CpuList placed = CpuList.of();
        for (int cpu : allowed.numbers()) {
            if (!placed.contains(cpu)) {
                CpuList core = siblingsOf.apply(cpu).union(CpuList.of(cpu)).intersect(allowed).minus(placed);
                cores.add(core);
                placed = placed.union(core);
            }
        }
        return cores;
    }

    /** The union of {@code cores} from the {@code from}-th, {@code count} of them. */
    public static CpuList union(List<CpuList> cores, int from, int count) {
        CpuList all = CpuList.of();
        for (int i = from; i < from + count && i < cores.size(); i++) {
            all = all.union(cores.get(i));
        }
        return all;
    }
}
