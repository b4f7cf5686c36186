package io.jmsbench.protocol;

import java.util.List;

/** The JVM a role ran in: version, vendor, its flags and heap bound. */
public record JvmFacts(long pid, String javaVersion, String vmName, String vmVendor, List<String> flags,
                       long maxHeapBytes) {
}
