package io.jmsbench.agent;

import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentRole;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real agent server on a loopback port, in front of a pool without clients. */
@Timeout(30)
class AgentServerTest {

    static final String TOKEN = "test-token-0123456789";
    static final AgentInfo INFO = new AgentInfo(AgentRole.PUBLISHER, "test", null, null);

    private final FakePool pool = new FakePool();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private AgentServer server;
    private URI base;

    @BeforeEach
    void start() throws IOException {
        server = new AgentServer(new InetSocketAddress("127.0.0.1", 0), TOKEN, pool, INFO, Duration.ofSeconds(30),
                log::add);
        base = URI.create("http://127.0.0.1:" + server.address().getPort());
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private AgentClient client(String lease) {
        return new AgentClient("agent", base, TOKEN, lease);
    }

    /** One raw request: status and body. */
    private HttpResponse<String> raw(String method, String path, String lease, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + TOKEN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (lease != null) {
            request.header(AgentServer.LEASE_HEADER, lease);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void routesAreOneTableOfDistinctRequests() {
        Set<String> seen = new HashSet<>();
        for (AgentRoute route : AgentRoute.values()) {
            assertTrue(seen.add(route.toString()), "twice: " + route);
            assertSame(route, AgentRoute.find(route.method(), route.path()));
        }
        assertNull(AgentRoute.find("GET", "/prepare"), "a route is its method and its path");
        assertEquals(List.of(AgentRoute.INFO, AgentRoute.TIME),
                List.of(AgentRoute.values()).stream().filter(r -> !r.leased()).toList(), "only looking needs no lease");
    }

    @Test
    void everyRouteTheClientCallsIsServed() throws Exception {
        AgentClient agent = client("lease-a");

        assertEquals(INFO, agent.info());
        assertTrue(agent.time().epochNanos() > 0);
        agent.start();
        assertEquals(5, agent.counters(Duration.ofSeconds(5)).threads());
        assertEquals(42, agent.messages(Duration.ofSeconds(5)));
        assertEquals(List.of(), agent.audit());
        assertNull(agent.latency(Duration.ofSeconds(5)), "a publisher pool records no latency: 204");
        assertEquals(1, agent.stop().monotonicNanos());
        agent.close();
        agent.release();
        agent.shutdown();
        server.awaitShutdown();

        assertEquals(List.of("start", "counters", "messages", "audit", "latency", "stop", "counters", "close", "close"),
                new ArrayList<>(pool.calls));
    }

    @Test
    void anUnknownRequestIsA404OfOneSentenceAndClaimsNothing() throws Exception {
        HttpResponse<String> unknown = raw("POST", "/nope", "lease-a", null);
        assertEquals(404, unknown.statusCode());
        assertEquals("{\"error\":\"no such request: POST /nope\"}", unknown.body());

        HttpResponse<String> wrongMethod = raw("GET", "/prepare", "lease-a", null);
        assertEquals(404, wrongMethod.statusCode());
        assertEquals("{\"error\":\"no such request: GET /prepare\"}", wrongMethod.body());

        client("lease-b").close(); // admitted: the unknown requests of lease-a claimed nothing
        assertEquals(List.of("close"), pool.calls);
    }

    @Test
    void aMalformedPlanIsA400OfOneSentence() throws Exception {
        HttpResponse<String> nullPlan = raw("POST", "/prepare", "lease-a", "null");
        assertEquals(400, nullPlan.statusCode());
        assertEquals("{\"error\":\"malformed PoolPlan: null\"}", nullPlan.body());

        HttpResponse<String> cut = raw("POST", "/prepare", "lease-a", "{\"runId\": ");
        assertEquals(400, cut.statusCode());
        assertTrue(cut.body().startsWith("{\"error\":\"malformed PoolPlan: Unexpected end-of-input"), cut.body());
        assertEquals(List.of(), pool.calls);
    }

    @Test
    void aLeasedCallWithoutItsLeaseIsA400() throws Exception {
        HttpResponse<String> missing = raw("POST", "/close", null, null);
        assertEquals(400, missing.statusCode());
        assertEquals("{\"error\":\"missing X-Jmsbench-Lease header: every call but /info and /time names its lease\"}",
                missing.body());
        assertEquals(200, raw("GET", "/info", null, null).statusCode(), "looking needs no lease");
        assertEquals(List.of(), pool.calls);
    }

    @Test
    void aFailureIsA500OfOneSentence() {
        pool.startFailure = new IllegalStateException("the broker went away");
        AgentException failed = assertThrows(AgentException.class, client("lease-a")::start);
        assertEquals("agent refused POST /start: IllegalStateException: the broker went away", failed.getMessage());
    }

    @Test
    void aWrongTokenIsA401AndLogged() {
        AgentClient intruder = new AgentClient("agent", base, "not-the-token-0123456789", "lease-x");
        AgentException refused = assertThrows(AgentException.class, intruder::close);
        assertEquals("agent refused POST /close: missing or wrong bearer token", refused.getMessage());
        assertEquals(List.of("refused POST /close from 127.0.0.1: missing or wrong bearer token"), log);
        assertEquals(List.of(), pool.calls);
    }
}
