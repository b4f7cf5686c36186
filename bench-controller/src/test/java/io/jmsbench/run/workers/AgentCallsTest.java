package io.jmsbench.run.workers;

import com.sun.net.httpserver.HttpServer;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.HttpLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Several agents asked at once over real HTTP: answers in the agents' order, a silent one its own error. */
@Timeout(20)
class AgentCallsTest {

    private final List<HttpServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(s -> s.stop(0));
    }

    /** An agent stand-in whose /total answers {@code messages} once {@code gate} opens. */
    private AgentClient agent(String name, long messages, CountDownLatch gate) throws IOException {
        HttpServer server = HttpLimits.server(new InetSocketAddress("127.0.0.1", 0), 8);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/total", exchange -> {
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = ("{\"messages\":" + messages + "}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        servers.add(server);
        return new AgentClient(name, URI.create("http://127.0.0.1:" + server.getAddress().getPort()), "t", "lease");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void everyAgentIsAskedBeforeAnyAnswersAndAnswersKeepTheirOrder() throws Exception {
        // both agents hold their answer until both requests have arrived: asked one after the
        // other, the first would time out waiting for the second
        CountDownLatch bothAsked = new CountDownLatch(2);
        CountDownLatch gate = new CountDownLatch(1);
        AgentClient a = agent("subscriber-agent-1", 11, gate);
        AgentClient b = agent("subscriber-agent-2", 22, gate);
        AgentClient down = new AgentClient("subscriber-agent-3", URI.create("http://127.0.0.1:" + closedPort()), "t",
                "lease");
        try (AgentCalls calls = new AgentCalls(3, "subscriber")) {
            List<AgentCalls.Answer<Long>> answers = calls.ask(List.of(a, b, down), Duration.ofSeconds(5), agent -> {
                bothAsked.countDown();
                if (bothAsked.getCount() == 0) {
                    gate.countDown();
                }
                return agent.messages(Duration.ofSeconds(5));
            });

            assertEquals(11L, answers.get(0).value());
            assertEquals(22L, answers.get(1).value());
            assertNull(answers.get(2).value());
            assertTrue(answers.get(2).error().getMessage().startsWith("subscriber-agent-3 at http://127.0.0.1:"),
                    answers.get(2).error().getMessage());
        }
    }
}
