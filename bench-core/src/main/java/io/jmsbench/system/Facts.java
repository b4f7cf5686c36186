package io.jmsbench.system;

import com.sun.management.OperatingSystemMXBean;
import io.jmsbench.protocol.HostFacts;
import io.jmsbench.protocol.JvmFacts;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Host and JVM facts of the running process, read from the JVM and /proc. */
public final class Facts {

    private Facts() {
    }

    public static HostFacts host() {
        return new HostFacts(hostname(), CpuList.online().size(), memoryBytes(),
                System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"),
                cpuModel(), bootId());
    }

    private static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    public static JvmFacts jvm() {
        return new JvmFacts(ProcessHandle.current().pid(), Runtime.version().toString(),
                System.getProperty("java.vm.name"), System.getProperty("java.vm.vendor"),
                List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()),
                Runtime.getRuntime().maxMemory());
    }

    /** CPU time this JVM has used so far, all threads, in nanoseconds; -1 when the JVM cannot tell. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    public static long heapUsedBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    public static int threads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env != null ? env : "unknown";
        }
    }

    private static long memoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
