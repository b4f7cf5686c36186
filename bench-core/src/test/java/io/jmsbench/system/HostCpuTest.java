package io.jmsbench.system;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostCpuTest {

    private static List<String> stat(long user, long system, long idle, long iowait) {
        return List.of("cpu  " + user + " 0 " + system + " " + idle + " " + iowait + " 0 0 0 0 0",
                "cpu0 0 0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0 0 0", "intr 12345 0 0", "ctxt 99");
    }

    @Test
    void busyIsElapsedTimeOnEveryCpuLessIdleAndIowait() {
        // two CPUs, 10 s apart (2 000 ticks available); idle + iowait grew by 1 500 ticks
        HostCpu before = HostCpu.parse(stat(100, 50, 10_000, 100), 5_000_000_000L);
        HostCpu after = HostCpu.parse(stat(400, 100, 11_400, 200), 15_000_000_000L);
        assertEquals(0.25, after.utilisationSince(before), 1e-12);
    }

    @Test
    void busyTimeTheTickSamplingMissedStillCounts() {
        // the busy columns grew by 20 ticks only, but idle by 150 of the 200 available: 25% busy
        HostCpu before = HostCpu.parse(stat(0, 0, 0, 0), 0);
        HostCpu after = HostCpu.parse(stat(15, 5, 150, 0), 1_000_000_000L);
        assertEquals(0.25, after.utilisationSince(before), 1e-12);
    }

    @Test
    void staysWithinZeroAndOneWhenIdleTicksRunAheadOfTheClock() {
        HostCpu before = HostCpu.parse(stat(0, 0, 0, 0), 0);
        HostCpu after = HostCpu.parse(stat(0, 0, 203, 0), 1_000_000_000L);
        assertEquals(0.0, after.utilisationSince(before), 0.0);
    }

    @Test
    void aBusyLoopOnThisHostShowsAsBusy() throws Exception {
        HostCpu before = HostCpu.read();
        long end = System.nanoTime() + 500_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        double busy = HostCpu.read().utilisationSince(before);
        long cpus = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).stream()
                .filter(l -> l.matches("cpu[0-9]+ .*")).count();
        // one of this host's CPUs spun for the whole interval (x keeps the loop alive)
        assertTrue(x > 0 && busy >= 0.8 / cpus, "one spinning thread of " + cpus + " CPUs, measured busy " + busy);
    }

    @Test
    void aPartitionsBusyAndInterruptCoresComeFromItsOwnCpuLines() {
        // two CPUs over 10 s (1,000 ticks each): CPU 0 idle 100 ticks, CPU 1 idle 900; CPU 1 spent 20 in softirq
        HostCpu before = HostCpu.parse(List.of("cpu  0 0 0 0 0 0 0 0 0 0", "cpu0 0 0 0 0 0 0 0 0 0 0",
                "cpu1 0 0 0 0 0 0 0 0 0 0"), 0);
        HostCpu after = HostCpu.parse(List.of("cpu  0 0 0 1000 0 0 20 0 0 0", "cpu0 900 0 0 100 0 0 0 0 0 0",
                "cpu1 80 0 0 900 0 0 20 0 0 0"), 10_000_000_000L);
        double[] cpu0 = after.coresSince(before, CpuList.of(0), 10);
        assertEquals(0.9, cpu0[0], 1e-9);
        assertEquals(0.0, cpu0[1], 1e-9);
        double[] both = after.coresSince(before, CpuList.parse("0-1"), 10);
        assertEquals(1.0, both[0], 1e-9);
        assertEquals(0.02, both[1], 1e-9);
        assertTrue(Double.isNaN(after.coresSince(before, CpuList.of(5), 10)[0]), "a CPU the readings do not hold");
        assertEquals("0-1", after.cpuList().toString());
    }
}
