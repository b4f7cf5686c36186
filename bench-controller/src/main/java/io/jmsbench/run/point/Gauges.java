package io.jmsbench.run.point;

import io.jmsbench.system.CgroupCpu;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.NetworkBytes;
import io.jmsbench.system.ProcessCensus;
import io.jmsbench.system.ProcessResources;
import io.jmsbench.system.RunCgroup;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * What the controller reads on its own machine at each tick: the broker JVM's CPU time and
 * resources (when it started the broker), its own CPU time, this host's CPU ticks and network
 * bytes, and the CPU time of every task that is not the run's own.
 */
public interface Gauges {

    /**
     * One reading; {@code -1} or {@code UNKNOWN} for what cannot be read; {@code cgroup}: the run's
     * and the host's CPU time per CPU where the run has a cgroup of its own ({@link RunCgroup}).
     */
    record Reading(long brokerCpuNanos, long controllerCpuNanos, ProcessResources broker, HostCpu host,
                   long networkBytes, ProcessCensus census, long brokerDepth, CgroupCpu cgroup) {

        public Reading(long brokerCpuNanos, long controllerCpuNanos, ProcessResources broker, HostCpu host,
                       long networkBytes, ProcessCensus census, long brokerDepth) {
            this(brokerCpuNanos, controllerCpuNanos, broker, host, networkBytes, census, brokerDepth, CgroupCpu.NONE);
        }

        public Reading(long brokerCpuNanos, long controllerCpuNanos, ProcessResources broker, HostCpu host,
                       long networkBytes) {
            this(brokerCpuNanos, controllerCpuNanos, broker, host, networkBytes, ProcessCensus.EMPTY, -1);
        }
    }

    Reading read();

    /** Why the broker cannot serve any longer (its JVM died), or {@code null} while it can or when unknown. */
    String brokerDown();

    /** The gauges of this machine; {@code broker} is the embedded broker's JVM, {@code null} for an external one. */
    static Gauges local(ProcessHandle broker, String brokerLog) {
        return local(broker == null ? null : BrokerJvm.of(broker, brokerLog));
    }

    /** The gauges of this machine; {@code broker} is the embedded broker's JVM, {@code null} for an external one. */
    static Gauges local(BrokerJvm broker) {
        return local(broker, () -> -1);
    }

    /**
     * As the other, with the messages the broker holds as its management interface last said
     * ({@code brokerDepth}, {@code -1} unknown).
     */
    static Gauges local(BrokerJvm broker, LongSupplier brokerDepth) {
        return new Gauges() {
            private final Census census = new Census();

            @Override
            public Reading read() {
                return new Reading(broker == null ? -1 : broker.cpuNanos(), cpuNanos(ProcessHandle.current()),
                        broker == null ? ProcessResources.UNKNOWN : broker.resources(), HostCpu.read(),
                        NetworkBytes.read(), census.read(broker == null ? -1 : broker.pid()),
                        brokerDepth.getAsLong(), RunCgroup.read());
            }

            @Override
            public String brokerDown() {
                return broker == null ? null : broker.down();
            }
        };
    }

    /**
     * The census of the tasks that are not the run's own (this JVM, every process under it, and the
     * broker's, which an external broker on this host is not),
     * read again only once the last is 250 ms old: a count-bounded window reads the gauges every
     * 20 ms, and a slightly old census only shifts the edge of the interval it closes.
     */
    final class Census {
        private static final long MAX_AGE_NANOS = 250_000_000L;
        private ProcessCensus last;
        private long readAt;

        synchronized ProcessCensus read(long brokerPid) {
            long now = System.nanoTime();
            if (last == null || now - readAt > MAX_AGE_NANOS) {
                Set<Long> ours = new HashSet<>();
                ours.add(brokerPid);
                ours.add(ProcessHandle.current().pid());
                ProcessHandle.current().descendants().forEach(p -> ours.add(p.pid()));
                last = ProcessCensus.read(ours);
                readAt = now;
            }
            return last;
        }
    }

    private static long cpuNanos(ProcessHandle process) {
        if (process == null) {
            return -1;
        }
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }
}
