package io.jmsbench.system;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessCensusTest {

    /** A /proc/PID/stat line: the fields after the command that the census reads, the rest zero. */
    private static String stat(long pid, String command, long flags, long utime, long stime, long start, int cpu) {
        String[] f = new String[50];
        java.util.Arrays.fill(f, "0");
        f[0] = "S";
        f[6] = Long.toString(flags);
        f[11] = Long.toString(utime);
        f[12] = Long.toString(stime);
        f[19] = Long.toString(start);
        f[36] = Integer.toString(cpu);
        return pid + " (" + command + ") " + String.join(" ", f) + "\n";
    }

    @Test
    void readsTheFieldsAfterTheLastParenthesis() {
        ProcessCensus.ProcessTicks t = ProcessCensus.parse(stat(42, "a (tricky) name", 0x00200040L, 30, 12, 777, 1));
        assertEquals(42, t.pid());
        assertTrue(t.kernel(), "PF_KTHREAD set");
        assertEquals(42, t.ticks());
        assertEquals(777, t.startTicks());
        assertEquals(1, t.lastCpu());
        assertFalse(ProcessCensus.parse(stat(43, "java", 0x40L, 1, 1, 1, 0)).kernel());
    }

    private static ProcessCensus.ProcessTicks task(long pid, boolean kernel, long start, long ticks, int cpu) {
        return new ProcessCensus.ProcessTicks(pid, kernel, start, ticks, cpu);
    }

    @Test
    void foreignLoadIsCountedOnTheCpuEachTaskLastRanOn() {
        ProcessCensus before = new ProcessCensus(Map.of(1L, task(1, false, 10, 100, 0), 2L, task(2, true, 5, 50, 1)),
                1_000);
        ProcessCensus after = new ProcessCensus(Map.of(1L, task(1, false, 10, 300, 0), 2L, task(2, true, 5, 150, 1),
                3L, task(3, false, 1_500, 100, 0)), 2_000);
        double[] cpu0 = after.foreignCoresSince(before, CpuList.of(0), 10);
        assertEquals(0, cpu0[0], 1e-12, "no kernel thread on CPU 0");
        assertEquals(0.3, cpu0[1], 1e-12, "200 ticks of task 1 and task 3's 100, started in between, over 10 s");
        double[] cpu1 = after.foreignCoresSince(before, CpuList.of(1), 10);
        assertEquals(0.1, cpu1[0], 1e-12);
        assertEquals(0, cpu1[1], 1e-12);
    }

    @Test
    void aTaskTheEarlierCensusMissedIsNotCountedWithItsWholeLife() {
        ProcessCensus before = new ProcessCensus(Map.of(1L, task(1, false, 10, 100, 0)), 1_000);
        // task 4 ran long before the first census (started at 20) but was not read then: its 90,000 ticks
        // are not the window's
        ProcessCensus after = new ProcessCensus(Map.of(1L, task(1, false, 10, 100, 0),
                4L, task(4, false, 20, 90_000, 0)), 2_000);
        assertEquals(0, after.foreignCoresSince(before, CpuList.of(0), 10)[1], 1e-12);
        // a reused pid is another task: counted from its own start
        ProcessCensus reused = new ProcessCensus(Map.of(1L, task(1, false, 1_200, 50, 0)), 2_000);
        assertEquals(0.05, reused.foreignCoresSince(before, CpuList.of(0), 10)[1], 1e-12);
    }

    @Test
    void otherProcessesAreNamedByTheirProcessWithTheirThreadsTogether() {
        ProcessCensus before = new ProcessCensus(Map.of(1L, task(1, false, 10, 100, 0).named("bash"),
                2L, task(2, false, 10, 0, 0).named("java"), 3L, task(3, false, 10, 0, 0).named("java")), 1_000);
        ProcessCensus after = new ProcessCensus(Map.of(1L, task(1, false, 10, 150, 0).named("bash"),
                2L, task(2, false, 10, 200, 0).named("java"), 3L, task(3, false, 10, 100, 0).named("java"),
                4L, task(4, true, 5, 0, 0).named("kworker/0:1")), 2_000);
        ProcessCensus.Foreign f = after.foreignSince(before, CpuList.of(0), 10);
        assertEquals(Set.of("bash", "java"), f.byName().keySet(), "a kernel thread is not another process");
        assertEquals(0.05, f.byName().get("bash"), 1e-12);
        assertEquals(0.3, f.byName().get("java"), 1e-12, "the two threads of one process together");
        assertEquals(0.35, f.userCores(), 1e-12);
        assertEquals("sh", ProcessCensus.parse(stat(5, "sh", 0, 1, 1, 1, 0)).name());
    }

    @Test
    void anEmptyCensusOnEitherSideIsUnknown() {
        ProcessCensus some = new ProcessCensus(Map.of(1L, task(1, false, 10, 100, 0)), 1_000);
        assertTrue(Double.isNaN(some.foreignCoresSince(ProcessCensus.EMPTY, CpuList.of(0), 10)[1]));
        assertTrue(Double.isNaN(ProcessCensus.EMPTY.foreignCoresSince(some, CpuList.of(0), 10)[1]));
    }

    @Test
    void thisHostsCensusLeavesOutTheRunsOwnProcesses() {
        long self = ProcessHandle.current().pid();
        ProcessCensus census = ProcessCensus.read(Set.of(self));
        assertTrue(census.readAtTicks() > 0, "read at a time since boot");
        assertFalse(census.processes().containsKey(self), "this JVM's main thread id is its pid: left out");
        assertFalse(census.processes().isEmpty(), "some other task runs on any Linux host (init, a kernel thread)");
    }
}
