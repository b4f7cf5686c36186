package io.jmsbench.system;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The run's cgroup: the CPU of processes that came and went, counted; and the group gone once closed. */
class RunCgroupTest {

    @Test
    void cpuTimeOnAPartitionSinceAnEarlierReading() {
        CgroupCpu before = new CgroupCpu(new long[] {1_000_000_000L, 0}, new long[] {2_000_000_000L, 500_000_000L});
        CgroupCpu after = new CgroupCpu(new long[] {8_600_000_000L, 0}, new long[] {11_900_000_000L, 900_000_000L});
        double[] cpu0 = after.coresSince(before, CpuList.of(0), 10);
        assertEquals(0.76, cpu0[0], 1e-12, "the run's processes on CPU 0");
        assertEquals(0.99, cpu0[1], 1e-12, "every task on CPU 0");
        assertEquals(0.04, after.coresSince(before, CpuList.of(0, 1), 10)[1] - 0.99, 1e-12);
        assertTrue(Double.isNaN(after.coresSince(CgroupCpu.NONE, CpuList.of(0), 10)[0]));
        assertTrue(Double.isNaN(after.coresSince(before, CpuList.of(2), 10)[0]), "a CPU the counts do not have");
    }

    @Test
    void countsTheProcessesItsMembersStartedAfterTheyExitedAndCleansUp() throws Exception {
        assumeTrue(RunCgroup.home() != null && Files.isWritable(RunCgroup.home()),
                "no writable cgroup v1 cpuacct hierarchy of its own here: " + RunCgroup.why());
        Path group;
        try (RunCgroup joined = RunCgroup.join()) {
            assertNotNull(joined, RunCgroup.why());
            group = joined.path();
            CgroupCpu before = RunCgroup.read();
            assertTrue(before.known(), before.toString());
            // 300 short processes, each gone before the next starts: /proc never shows them together
            Process loop = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300 ]; do /bin/true; i=$((i+1)); done")
                    .start();
            assertTrue(loop.waitFor(60, TimeUnit.SECONDS));
            CgroupCpu after = RunCgroup.read();
            double[] cores = after.coresSince(before, CpuList.online(), 1);
            assertTrue(cores[0] > 0.01, "the shell and its 300 children counted in the run's group: " + cores[0]);
            assertTrue(cores[1] >= cores[0], "every task's time holds the run's");
        }
        assertFalse(Files.exists(group), "the group is removed once closed");
        assertFalse(RunCgroup.read().known(), "no group joined any more");
    }
}
