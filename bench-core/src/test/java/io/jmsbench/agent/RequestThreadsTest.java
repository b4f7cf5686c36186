package io.jmsbench.agent;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent's request threads on their own, two of them: exchanges that wait on their client stand for
 * the JDK server reading a slow request (an interruptible wait, as its blocking socket read is), and
 * exchanges inside {@link RequestThreads#handling} for calls being served. Nothing here is timed.
 */
@Timeout(30)
class RequestThreadsTest {

    private final RequestThreads threads = new RequestThreads("test-http", 2);
    private final List<String> events = new CopyOnWriteArrayList<>();
    private final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void stop() {
        never.countDown();
        threads.shutdownNow();
    }

    /** An exchange that waits on its client until cut off, and says which. */
    private Runnable waitingOnClient(String name, CountDownLatch started) {
        return () -> {
            started.countDown();
            try {
                never.await();
                events.add(name + " ended");
            } catch (InterruptedException e) {
                events.add(name + " cut");
            }
        };
    }

    /** An exchange that handles a call until {@code done}. */
    private Runnable handlingACall(String name, CountDownLatch started, CountDownLatch done) {
        return () -> {
            try {
                threads.handling(exchange -> {
                    started.countDown();
                    try {
                        done.await();
                        events.add(name + " answered");
                    } catch (InterruptedException e) {
                        events.add(name + " interrupted");
                    }
                }).handle(null);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        };
    }

    @Test
    void whenEveryThreadWaitsOnItsClientTheLongestWaitingIsCutAndTheNewExchangeRuns() throws Exception {
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch second = new CountDownLatch(1);
        threads.execute(waitingOnClient("first", first));
        first.await();
        threads.execute(waitingOnClient("second", second));
        second.await();
        assertEquals(2, threads.waitingOnClients());

        CountDownLatch ran = new CountDownLatch(1);
        threads.execute(() -> {
            events.add("third ran, interrupted: " + Thread.currentThread().isInterrupted());
            ran.countDown();
        });

        assertTrue(ran.await(20, TimeUnit.SECONDS), "the third exchange never ran: " + events);
        assertEquals(List.of("first cut", "third ran, interrupted: false"), events,
                "the first, waited on the longest, made room; its interrupt ended with it");
    }

    @Test
    void aThreadHandlingACallIsNeverCutAndWithEveryThreadHandlingTheNewConnectionIsRefused() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch a = new CountDownLatch(1);
        CountDownLatch b = new CountDownLatch(1);
        threads.execute(handlingACall("a", a, done));
        threads.execute(handlingACall("b", b, done));
        a.await();
        b.await();
        assertEquals(0, threads.waitingOnClients());

        assertThrows(RejectedExecutionException.class, () -> threads.execute(() -> events.add("c ran")),
                "the JDK server closes this connection");
        done.countDown();
        while (events.size() < 2) {
            Thread.sleep(10);
        }
        assertEquals(List.of("a answered", "b answered"), events.stream().sorted().toList());
    }

    @Test
    void aCallHandledBesideAWaitingClientCutsTheWaitingOneNotTheCall() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch handling = new CountDownLatch(1);
        CountDownLatch waiting = new CountDownLatch(1);
        threads.execute(handlingACall("call", handling, done));
        handling.await();
        threads.execute(waitingOnClient("slow", waiting));
        waiting.await();

        CountDownLatch ran = new CountDownLatch(1);
        threads.execute(ran::countDown);

        assertTrue(ran.await(20, TimeUnit.SECONDS), "the new exchange never ran: " + events);
        assertEquals(List.of("slow cut"), events);
        done.countDown();
        while (events.size() < 2) {
            Thread.sleep(10);
        }
        assertFalse(events.contains("call interrupted"), events.toString());
    }
}
