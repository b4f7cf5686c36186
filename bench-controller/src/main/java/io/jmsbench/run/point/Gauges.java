package io.jmsbench.run.point;

import io.jmsbench.system.HostCpu;
import io.jmsbench.system.NetworkBytes;
import io.jmsbench.system.ProcessResources;

import java.time.Duration;

/**
 * What the controller reads on its own machine at each tick: the broker JVM's CPU time and
 * resources (when it started the broker), its own CPU time, this host's CPU ticks and network bytes.
 */
public interface Gauges {

    /** One reading; {@code -1} or {@code UNKNOWN} for what cannot be read. */
    record Reading(long brokerCpuNanos, long controllerCpuNanos, ProcessResources broker, HostCpu host,
                   long networkBytes) {
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
        return new Gauges() {
            @Override
            public Reading read() {
                return new Reading(broker == null ? -1 : broker.cpuNanos(), cpuNanos(ProcessHandle.current()),
                        broker == null ? ProcessResources.UNKNOWN : broker.resources(), HostCpu.read(),
                        NetworkBytes.read());
            }

            @Override
            public String brokerDown() {
                return broker == null ? null : broker.down();
            }
        };
    }

    private static long cpuNanos(ProcessHandle process) {
        if (process == null) {
            return -1;
        }
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }
}
