package io.jmsbench.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lapsed lease over HTTP: a real AgentServer (lease 1 s, looked at every 50 ms) whose pool's
 * close is held, so the test sees the agent while the lapsed lease's clients are still closing.
 */
@Timeout(30)
class AgentServerLeaseTest {

    @Test
    void anotherLeaseIsRefusedWhileTheLapsedLeasesClientsCloseAndAdmittedOnceTheyAre() throws Exception {
        FakePool pool = new FakePool();
        List<String> log = new CopyOnWriteArrayList<>();
        try (AgentServer server = new AgentServer(new InetSocketAddress("127.0.0.1", 0), AgentServerTest.TOKEN, pool,
                AgentServerTest.INFO, Duration.ofSeconds(1), log::add, Duration.ofMillis(50))) {
            URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
            AgentClient first = new AgentClient("agent", base, AgentServerTest.TOKEN, "lease-a");
            AgentClient second = new AgentClient("agent", base, AgentServerTest.TOKEN, "lease-b");
            CountDownLatch closeMayEnd = pool.holdClose();

            first.start(); // claims the agent, then goes silent
            assertTrue(pool.closing.await(10, TimeUnit.SECONDS), "the lapsed lease's clients are being closed");

            AgentException refused = assertThrows(AgentException.class, second::close);
            assertTrue(refused.getMessage().matches("agent refused POST /close: busy: this agent is closing the clients "
                    + "of lease lease-a of the controller at 127\\.0\\.0\\.1, which made no call for \\d+ s; it is free "
                    + "once they are closed"), refused.getMessage());
            AgentException own = assertThrows(AgentException.class, first::start);
            assertTrue(own.getMessage().contains("busy: this agent is closing the clients of lease lease-a"),
                    own.getMessage());
            assertEquals(List.of("start", "stop", "counters", "close"), pool.calls, "nothing of lease-b got in");

            closeMayEnd.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (log.stream().noneMatch(line -> line.contains("the agent is idle")) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals("lease lease-a: no call for 1 s (lease expired); its clients are stopped and closed; the "
                    + "agent is idle", leaseEvents(log).get(leaseEvents(log).size() - 1));

            second.close(); // admitted: the lapsed lease was released only after its clients closed
            assertEquals(List.of("start", "stop", "counters", "close", "close"), pool.calls);
            assertEquals(List.of("lease lease-a: serving the controller at 127.0.0.1",
                    "lease lease-a: no call for 1 s (lease expired); its clients are stopped and closed; the agent is "
                            + "idle",
                    "lease lease-b: serving the controller at 127.0.0.1"), leaseEvents(log));
            assertTrue(log.stream().anyMatch(l -> l.startsWith("refused POST /close from 127.0.0.1: 409 busy")),
                    log.toString());
        }
    }

    @Test
    void releaseClosesTheClientsBeforeFreeingTheAgent() throws Exception {
        FakePool pool = new FakePool();
        List<String> log = new CopyOnWriteArrayList<>();
        try (AgentServer server = new AgentServer(new InetSocketAddress("127.0.0.1", 0), AgentServerTest.TOKEN, pool,
                AgentServerTest.INFO, Duration.ofSeconds(30), log::add, Duration.ofMillis(50))) {
            URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
            AgentClient first = new AgentClient("agent", base, AgentServerTest.TOKEN, "lease-a");
            AgentClient second = new AgentClient("agent", base, AgentServerTest.TOKEN, "lease-b");
            CountDownLatch closeMayEnd = pool.holdClose();

            Thread releasing = new Thread(() -> {
                try {
                    first.release();
                } catch (AgentException e) {
                    log.add("release failed: " + e.getMessage());
                }
            });
            releasing.start();
            assertTrue(pool.closing.await(10, TimeUnit.SECONDS));

            AgentException refused = assertThrows(AgentException.class, second::close);
            assertTrue(refused.getMessage().startsWith("agent refused POST /close: busy: this agent is held by lease "
                    + "lease-a of the controller at 127.0.0.1 (last call "), refused.getMessage());

            closeMayEnd.countDown();
            releasing.join(10_000);
            second.close();
            assertEquals(List.of("close", "close"), pool.calls);
            assertEquals(List.of("lease lease-a: serving the controller at 127.0.0.1",
                    "lease lease-a: released; the agent is idle",
                    "lease lease-b: serving the controller at 127.0.0.1"), leaseEvents(log));
        }
    }

    /** The log without the lines of requests turned down (each 409 has one): what happened to the leases. */
    private static List<String> leaseEvents(List<String> log) {
        return log.stream().filter(l -> !l.startsWith("refused ")).toList();
    }
}
