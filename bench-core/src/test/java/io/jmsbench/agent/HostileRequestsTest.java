package io.jmsbench.agent;

import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An agent serving a run while 1,000 connections do what a broken or hostile client would: send
 * nothing, send garbage, send a request a byte a second, ask for what does not exist, send JSON
 * that is not a plan, declare a body of 100 MB, or come without the token. Each gets a 4xx or a
 * closed connection within a bound, each request the agent turns down is one log line of bounded
 * length, and the run's own calls, the controller's heartbeat among them, keep being answered
 * with counters that advance.
 */
@Timeout(120)
// beside the other unit tests (surefire's configuration in the parent pom): it mostly waits for the server's 10 s
// bound, on a port and a server of its own
@Execution(ExecutionMode.CONCURRENT)
class HostileRequestsTest {

    private static final String TOKEN = "test-token-0123456789";
    private static final String LEASE = "the-run";
    private static final int CONNECTIONS = 1000;
    /** The JDK server's bound on receiving a request (HttpLimits), with room for a loaded machine. */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(30);
    /**
     * The run's calls' bound here. The controller's heartbeat waits 3 s, but what this test shows is that
     * the agent answers at all while the flood holds its threads (a call it cannot take fails at once,
     * its connection closed), not how fast a loaded machine answers.
     */
    private static final Duration CALL_BOUND = ANSWERED_WITHIN;

    private final FakePool pool = new FakePool();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private AgentServer server;

    @BeforeEach
    void start() throws IOException {
        server = new AgentServer(new InetSocketAddress("127.0.0.1", 0), TOKEN, pool,
                new AgentInfo(AgentRole.PUBLISHER, "test", null, null), Duration.ofSeconds(30), log::add);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** What connection {@code i} sends; {@code null} for the ones that send nothing or a byte a second. */
    private static byte[] request(int i) {
        String auth = "Authorization: Bearer " + TOKEN + "\r\n";
        String lease = AgentServer.LEASE_HEADER + ": " + LEASE + "\r\n";
        String text = switch (i % 8) {
            case 0, 1 -> null;
            case 2 -> "\u0000\u00ff\u0013 not http at all\r\n\r\n";
            case 3 -> "GET /no/such/route HTTP/1.1\r\nHost: x\r\n" + auth + "\r\n";
            case 4 -> "POST /prepare HTTP/1.1\r\nHost: x\r\n" + auth + lease + "Content-Length: 27\r\n\r\n"
                    + "{\"clients\": \"not a list\"}\r\n";
            case 5 -> "POST /prepare HTTP/1.1\r\nHost: x\r\n" + auth + lease + "Content-Length: 100000000\r\n\r\n";
            case 6 -> "GET /counters HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong\r\n\r\n";
            default -> "DELETE /info HTTP/1.1\r\nHost: x\r\n" + auth + "X-Long: " + "y".repeat(20_000) + "\r\n\r\n";
        };
        return text == null ? null : text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aFloodOfBrokenRequestsIsTurnedDownWhileTheRunGoesOn() throws Exception {
        AgentClient controller = new AgentClient("agent", URI.create("http://127.0.0.1:" + server.address().getPort()),
                TOKEN, LEASE);
        AtomicBoolean running = new AtomicBoolean(true);
        List<String> runFailures = new CopyOnWriteArrayList<>();
        AtomicLong lastSeen = new AtomicLong();
        Thread clients = new Thread(() -> {
            while (running.get()) {
                pool.sent.addAndGet(100);
                sleep(10);
            }
        });
        Thread heartbeat = new Thread(() -> {
            while (running.get()) {
                try {
                    long seen = controller.messages(CALL_BOUND);
                    if (seen < lastSeen.get()) {
                        runFailures.add("went back from " + lastSeen.get() + " to " + seen);
                    }
                    lastSeen.set(seen);
                } catch (AgentException e) {
                    runFailures.add(e.getMessage());
                }
                sleep(200);
            }
        });
        clients.start();
        heartbeat.start();
        sleep(500);
        long before = lastSeen.get();

        List<Socket> sockets = new ArrayList<>();
        try {
            long start = System.nanoTime();
            for (int i = 0; i < CONNECTIONS; i++) {
                Socket s = new Socket("127.0.0.1", server.address().getPort());
                s.setSoTimeout((int) ANSWERED_WITHIN.toMillis());
                byte[] request = request(i);
                if (request != null) {
                    OutputStream out = s.getOutputStream();
                    try {
                        out.write(request);
                        out.flush();
                    } catch (IOException closedAlready) {
                        // the server may turn it down before it is all written
                    }
                }
                sockets.add(s);
            }
            System.out.println("opened " + sockets.size() + " connections in " + (System.nanoTime() - start) / 1e9 + " s");
            Thread trickle = new Thread(() -> {
                byte[] slow = "GET /info HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.ISO_8859_1);
                for (int b = 0; b < slow.length && running.get(); b++) {
                    for (int i = 1; i < sockets.size(); i += 8) {
                        try {
                            sockets.get(i).getOutputStream().write(slow[b]);
                        } catch (IOException closed) {
                            // cut off: what the test expects
                        }
                    }
                    sleep(1000);
                }
            });
            trickle.setDaemon(true);
            trickle.start();

            List<String> unanswered = new ArrayList<>();
            double[] slowest = new double[8];
            for (int i = 0; i < sockets.size(); i++) {
                String outcome = outcome(sockets.get(i));
                if (!outcome.startsWith("HTTP/1.1 4") && !outcome.equals("closed")) {
                    unanswered.add("connection " + i + " (kind " + i % 8 + "): " + outcome);
                }
                slowest[i % 8] = Math.max(slowest[i % 8], (System.nanoTime() - start) / 1e9);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            String byKind = java.util.Arrays.toString(slowest);
            System.out.println("hostile connections answered or closed, the last of each kind after (s): " + byKind);
            assertEquals(List.of(), unanswered.subList(0, Math.min(5, unanswered.size())), unanswered.size()
                    + " of " + CONNECTIONS + " connections neither got a 4xx nor were closed");
            assertTrue(seconds < ANSWERED_WITHIN.toSeconds() + 10, "all answered or closed after " + seconds
                    + " s; by kind: " + byKind);
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
        sleep(500);
        running.set(false);
        heartbeat.join();
        clients.join();

        assertEquals(List.of(), runFailures, "the run's calls during the flood");
        assertTrue(lastSeen.get() > before, "the run's counters advanced: " + before + " -> " + lastSeen.get());
        List<String> refused = log.stream().filter(l -> l.startsWith("refused ")).toList();
        assertTrue(refused.size() >= CONNECTIONS / 8 * 4, "one line per request turned down: " + refused.size());
        for (String line : log) {
            assertTrue(line.length() < 600 && !line.contains("\n"), "a bounded line: " + line.length() + " chars");
        }
        assertTrue(refused.stream().anyMatch(l -> l.contains(": 413 request body larger than " + AgentServer.MAX_BODY)),
                "a 100 MB body is refused before it is sent");
        assertTrue(refused.stream().anyMatch(l -> l.contains(": 400 malformed PoolPlan")), "malformed plan");
        assertTrue(refused.stream().anyMatch(l -> l.contains(": 404 no such request: GET /no/such/route")), "404");
    }

    /**
     * As many clients as the agent has request threads each send the start of a request, then nothing,
     * and so hold every thread until the server's 10 s bound; the lease holder's calls made meanwhile are
     * answered all the same (for each, the thread waited on the longest is cut off), with counters that
     * advance. Without that room the server closes each new connection at once and the first call fails:
     * nothing here depends on how fast the machine is (were the clients to outlast their 10 s before all
     * hold a thread, the test starts them again).
     */
    @Test
    void theLeaseHoldersCallsAreAnsweredWhileSlowClientsHoldEveryThread() throws Exception {
        AgentClient controller = new AgentClient("agent", URI.create("http://127.0.0.1:" + server.address().getPort()),
                TOKEN, LEASE);
        List<Socket> slow = new ArrayList<>();
        try {
            holdEveryThread(slow);
            long before = controller.messages(CALL_BOUND);
            for (int call = 0; call < 10; call++) {
                pool.sent.addAndGet(100);
                long seen = controller.messages(CALL_BOUND);
                assertTrue(seen > before, "the run's counters advance: " + before + " -> " + seen);
                before = seen;
            }
            controller.close();
            assertEquals(List.of("messages", "close"), pool.calls.stream().distinct().toList(), "what the run asked");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    /** Opens a slow client per request thread, and returns once each of them holds one. */
    private void holdEveryThread(List<Socket> slow) throws IOException, InterruptedException {
        byte[] start = "GET /info HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1);
        while (true) {
            long opened = System.nanoTime();
            for (int i = 0; i < HttpLimits.MAX_THREADS; i++) {
                Socket s = new Socket("127.0.0.1", server.address().getPort());
                slow.add(s);
                s.getOutputStream().write(start);
                s.getOutputStream().flush();
            }
            while (server.clientsWaitedOn() < HttpLimits.MAX_THREADS
                    && System.nanoTime() - opened < Duration.ofSeconds(8).toNanos()) {
                sleep(10);
            }
            if (server.clientsWaitedOn() >= HttpLimits.MAX_THREADS) {
                return;
            }
            for (Socket s : slow) { // the first may be near their 10 s: start again
                s.close();
            }
            slow.clear();
            while (server.clientsWaitedOn() > 0) {
                sleep(10);
            }
        }
    }

    /** The status line the server answered with, {@code closed} when it closed the connection, or what went wrong. */
    private static String outcome(Socket s) {
        try {
            InputStream in = s.getInputStream();
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0 && c != '\r' && c != '\n') {
                line.append((char) c);
            }
            return line.isEmpty() ? "closed" : line.toString();
        } catch (SocketTimeoutException e) {
            return "no answer and still open after " + ANSWERED_WITHIN.toSeconds() + " s";
        } catch (IOException e) {
            return "closed"; // reset by the server
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
