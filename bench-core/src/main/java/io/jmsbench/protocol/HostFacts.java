package io.jmsbench.protocol;

/**
 * What a machine is: reported by every JVM of a run, so a figure is never read without its host.
 * {@code bootId} names the running kernel: JVMs that report the same one share cores and clock
 * (network namespaces or containers of one machine included).
 */
public record HostFacts(String hostname, int cores, long memoryBytes, String os, String osVersion, String arch,
                        String cpuModel, String bootId) {
}
