package io.jmsbench.protocol;

/** What a machine is: reported by every JVM of a run, so a figure is never read without its host. */
public record HostFacts(String hostname, int cores, long memoryBytes, String os, String osVersion, String arch,
                        String cpuModel) {
}
