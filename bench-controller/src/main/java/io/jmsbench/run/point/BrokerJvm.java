package io.jmsbench.run.point;

import io.jmsbench.system.ProcessResources;

import java.time.Duration;

/**
 * The embedded broker's JVM as the gauges read it. After a fault restarts it, it is another
 * process: its CPU time then adds the time of the processes before it, and it is not down while
 * the restart is under way.
 */
public interface BrokerJvm {

    /** CPU time of the broker's JVMs so far, {@code -1} when unknown. */
    long cpuNanos();

    ProcessResources resources();

    /** Why the broker cannot serve any longer, or {@code null} while it can (or is being restarted). */
    String down();

    /** The broker's process id now, {@code -1} when unknown: the run's own, never counted as foreign load. */
    default long pid() {
        return -1;
    }

    /** A broker JVM that is never restarted. */
    static BrokerJvm of(ProcessHandle process, String log) {
        return new BrokerJvm() {
            @Override
            public long cpuNanos() {
                return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
            }

            @Override
            public ProcessResources resources() {
                return ProcessResources.read(process.pid());
            }

            @Override
            public String down() {
                return process.isAlive() ? null : "the broker JVM (pid " + process.pid() + ") died; see its log in " + log;
            }

            @Override
            public long pid() {
                return process.pid();
            }
        };
    }
}
