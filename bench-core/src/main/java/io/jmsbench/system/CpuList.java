package io.jmsbench.system;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.jmsbench.text.Quoted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of CPUs as Linux writes it ({@code 0-3,6}; {@code /sys/devices/system/cpu/online},
 * {@code Cpus_allowed_list} of /proc/PID/status, {@code taskset -c}). Always in canonical form:
 * ascending, ranges merged.
 */
public record CpuList(BitSet cpus) {

    /** Linux's limit on CPU numbers in a list we accept: far above any machine, low enough to refuse typos. */
    public static final int MAX_CPU = 4095;
    /** One entry; the list is split at its commas first, as a pattern repeating a group recurses once per entry. */
    private static final Pattern ENTRY = Pattern.compile("\\d+(-\\d+)?");
    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");
    private static final Path SELF_STATUS = Path.of("/proc/self/status");

    public CpuList {
        cpus = (BitSet) cpus.clone();
    }

    /** The list in {@code text}; {@link IllegalArgumentException} with what was wrong in words. */
    @JsonCreator
    public static CpuList parse(String text) {
        String s = text.strip();
        String[] parts = s.split(",", -1);
        for (String part : parts) {
            if (!ENTRY.matcher(part).matches()) {
                throw new IllegalArgumentException("a Linux CPU list such as \"0-3\" or \"0,2,4-5\", found "
                        + Quoted.value(text));
            }
        }
        BitSet set = new BitSet();
        for (String part : parts) {
            String[] ends = part.split("-");
            int from = cpuNumber(ends[0]);
            int to = ends.length == 1 ? from : cpuNumber(ends[1]);
            if (to < from) {
                throw new IllegalArgumentException("a range from its lower CPU to its higher, found \"" + part + "\"");
            }
            set.set(from, to + 1);
        }
        return new CpuList(set);
    }

    private static int cpuNumber(String digits) {
        if (digits.length() > 4 || Integer.parseInt(digits) > MAX_CPU) {
            throw new IllegalArgumentException("CPU numbers up to " + MAX_CPU + ", found " + digits);
        }
        return Integer.parseInt(digits);
    }

    public static CpuList of(int... cpus) {
        BitSet set = new BitSet();
        for (int c : cpus) {
            set.set(c);
        }
        return new CpuList(set);
    }

    /**
     * The CPUs the kernel has online: the host's size, whatever this process's affinity. Where
     * there is no /sys, the CPUs the JVM sees.
     */
    public static CpuList online() {
        try {
            return parse(Files.readString(ONLINE));
        } catch (IOException | RuntimeException e) {
            return firstN(Runtime.getRuntime().availableProcessors());
        }
    }

    /** The CPUs this process may run on (its affinity mask); where /proc does not tell, the CPUs the JVM sees. */
    public static CpuList allowed() {
        CpuList mask = allowedOf(SELF_STATUS);
        return mask.isEmpty() ? firstN(Runtime.getRuntime().availableProcessors()) : mask;
    }

    /** The affinity mask of process {@code pid}; empty when /proc does not tell. */
    public static CpuList allowed(long pid) {
        return allowedOf(Path.of("/proc", Long.toString(pid), "status"));
    }

    private static CpuList allowedOf(Path status) {
        try (var lines = Files.lines(status)) {
            return lines.filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .map(l -> parse(l.substring("Cpus_allowed_list:".length())))
                    .findFirst().orElse(new CpuList(new BitSet()));
        } catch (IOException | RuntimeException e) {
            return new CpuList(new BitSet());
        }
    }

    private static CpuList firstN(int n) {
        BitSet set = new BitSet();
        set.set(0, n);
        return new CpuList(set);
    }

    public int size() {
        return cpus.cardinality();
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && cpus.get(cpu);
    }

    public boolean overlaps(CpuList other) {
        return cpus.intersects(other.cpus);
    }

    /** Whether every CPU of this list is in {@code other}. */
    public boolean within(CpuList other) {
        return minus(other).isEmpty();
    }

    public CpuList minus(CpuList other) {
        BitSet set = (BitSet) cpus.clone();
        set.andNot(other.cpus);
        return new CpuList(set);
    }

    public CpuList intersect(CpuList other) {
        BitSet set = (BitSet) cpus.clone();
        set.and(other.cpus);
        return new CpuList(set);
    }

    public CpuList union(CpuList other) {
        BitSet set = (BitSet) cpus.clone();
        set.or(other.cpus);
        return new CpuList(set);
    }

    /** The CPU numbers in ascending order. */
    public int[] numbers() {
        return cpus.stream().toArray();
    }

    /** The list of {@code count} CPUs of this one from its {@code from}-th (0-based, ascending). */
    public CpuList slice(int from, int count) {
        int[] all = numbers();
        BitSet set = new BitSet();
        for (int i = from; i < from + count && i < all.length; i++) {
            set.set(all[i]);
        }
        return new CpuList(set);
    }

    /** Linux's own form: {@code 0-3,6}; empty text for no CPU. */
    @JsonValue
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        int start = cpus.nextSetBit(0);
        while (start >= 0) {
            int end = cpus.nextClearBit(start) - 1;
            parts.add(start == end ? Integer.toString(start) : start + "-" + end);
            start = cpus.nextSetBit(end + 1);
        }
        return String.join(",", parts);
    }
}
