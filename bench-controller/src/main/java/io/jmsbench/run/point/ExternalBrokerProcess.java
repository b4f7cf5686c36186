package io.jmsbench.run.point;

import io.jmsbench.system.ListeningProcess;
import io.jmsbench.system.ProcessResources;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An external broker's process on this machine, found by the port it listens on: the gauges read
 * its CPU time, memory and disk traffic from /proc as they read the embedded broker's JVM.
 */
public record ExternalBrokerProcess(ListeningProcess process) implements BrokerJvm {

    @Override
    public long cpuNanos() {
        return process.cpuNanos();
    }

    @Override
    public ProcessResources resources() {
        return process.resources();
    }

    @Override
    public long pid() {
        return process.pid();
    }

    @Override
    public String down() {
        return Files.exists(Path.of("/proc", Long.toString(process.pid()))) ? null
                : "the external broker's process (" + process.command() + ", pid " + process.pid() + ") ended";
    }
}
