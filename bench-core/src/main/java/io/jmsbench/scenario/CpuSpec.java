package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;
import io.jmsbench.system.CpuCores;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;

import java.util.List;
import java.util.Locale;

/**
 * Which CPUs of this host each role's JVM may use ({@code cpus:}). {@link Mode#SHARED}: every JVM
 * anywhere, as the kernel schedules it. {@link Mode#AUTO}: the CPUs this process may use split by
 * {@link #split}. {@link Mode#LISTS}: the scenario's own lists; {@code publishers} and
 * {@code subscribers} are the same list when the scenario gave one {@code clients:} list.
 * {@code pinExternal}: an external broker on this host may be pinned to {@code broker}.
 */
public record CpuSpec(Mode mode, CpuList broker, CpuList publishers, CpuList subscribers, boolean pinExternal) {

    public static final CpuSpec SHARED = new CpuSpec(Mode.SHARED, null, null, null, false);

    public enum Mode {
        SHARED, AUTO, LISTS;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @JsonIgnore
    public boolean partitioned() {
        return mode != Mode.SHARED;
    }

    /** The partitions on a process whose affinity mask is {@code allowed}; {@code null} when shared. */
    public CpuPartitions resolve(CpuList allowed) {
        return switch (mode) {
            case SHARED -> null;
            case AUTO -> split(allowed);
            case LISTS -> CpuPartitions.of(mode.yamlName(), broker, publishers, subscribers, allowed);
        };
    }

    /**
     * {@code cpus: auto} on this host's topology ({@link CpuCores#read}): {@link #split(CpuList, CpuCores)}.
     */
    public static CpuPartitions split(CpuList allowed) {
        return split(allowed, CpuCores.read());
    }

    /**
     * {@code cpus: auto}: the broker takes the first half of the allowed cores (rounded up), as the
     * paper's testbed gave it a machine of its own; the rest go to the clients, the subscribers
     * taking the odd one (with fan-out they receive more than the publishers send). A core's SMT
     * sibling threads stay in one partition, so the broker never shares a core with a client; only
     * when the allowed CPUs are the threads of one core are they split thread by thread. With one
     * CPU left for the clients, publishers and subscribers share it. Fewer than two CPUs: {@code null}.
     */
    public static CpuPartitions split(CpuList allowed, CpuCores topology) {
        if (allowed.size() < 2) {
            return null;
        }
        List<CpuList> cores = topology.cores(allowed);
        if (cores.size() < 2) {
            cores = CpuCores.NONE.cores(allowed);
        }
        int brokerCores = (cores.size() + 1) / 2;
        CpuList broker = CpuCores.union(cores, 0, brokerCores);
        List<CpuList> clientCores = cores.subList(brokerCores, cores.size());
        CpuList clients = CpuCores.union(clientCores, 0, clientCores.size());
        if (clients.size() == 1) {
            return CpuPartitions.of(Mode.AUTO.yamlName(), broker, clients, clients, allowed);
        }
        if (clientCores.size() == 1) {
            clientCores = CpuCores.NONE.cores(clients);
        }
        int publisherCores = clientCores.size() / 2;
        return CpuPartitions.of(Mode.AUTO.yamlName(), broker, CpuCores.union(clientCores, 0, publisherCores),
                CpuCores.union(clientCores, publisherCores, clientCores.size() - publisherCores), allowed);
    }
}
