package io.jmsbench.system;

import io.jmsbench.protocol.BrokerProcessMissing;
import io.jmsbench.protocol.BrokerProcessSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The broker's process read from /proc at each call, found again after a restart. */
@Timeout(60)
class BrokerProcessWatchTest {

    private static final long SELF = ProcessHandle.current().pid();

    @Test
    void aFoundProcessGivesItsCpuAndMemory() {
        BrokerProcessWatch watch = new BrokerProcessWatch(61616,
                port -> new ListeningProcess.Lookup(new ListeningProcess(SELF, "java"), null));

        BrokerProcessSample sample = watch.read();

        assertNull(sample.missing());
        assertEquals(SELF, sample.pid());
        assertEquals(61616, sample.port());
        assertTrue(sample.cpuNanos() > 0, sample.toString());
        assertTrue(sample.rssBytes() > 0, sample.toString());
    }

    @Test
    void noProcessIsMinusOneWithTheReasonNeverZero() {
        BrokerProcessWatch watch = new BrokerProcessWatch(61616,
                port -> new ListeningProcess.Lookup(null, BrokerProcessMissing.NOT_LISTENING));

        BrokerProcessSample sample = watch.read();

        assertEquals(BrokerProcessMissing.NOT_LISTENING, sample.missing());
        assertEquals(-1, sample.cpuNanos());
        assertEquals(-1, sample.pid());
        assertEquals(-1, sample.rssBytes());
    }

    @Test
    void aRestartedBrokerIsFoundAgainAndItsCpuKeepsCounting() throws Exception {
        Process first = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            Deque<ListeningProcess> lives = new ArrayDeque<>();
            lives.add(new ListeningProcess(first.pid(), "sh"));
            lives.add(new ListeningProcess(SELF, "java")); // the broker's next life: another pid
            BrokerProcessWatch watch = new BrokerProcessWatch(61616,
                    port -> new ListeningProcess.Lookup(lives.poll(), null));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ProcessCpu.nanos(first.pid()) < 50_000_000L && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            BrokerProcessSample before = watch.read();
            assertEquals(first.pid(), before.pid());
            assertTrue(before.cpuNanos() >= 50_000_000L, before.toString());

            first.destroyForcibly();
            assertTrue(first.waitFor(10, TimeUnit.SECONDS));
            long selfBefore = ProcessCpu.nanos(SELF);
            BrokerProcessSample after = watch.read();

            assertEquals(SELF, after.pid(), "the new process is found at once");
            assertTrue(after.cpuNanos() >= before.cpuNanos() + selfBefore,
                    "the first life's CPU time still counts: " + before + " then " + after);
        } finally {
            first.destroyForcibly();
        }
    }
}
