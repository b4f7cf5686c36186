package io.jmsbench.broker.management;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.agent.HttpLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The management APIs' HTTP client against a JDK server: its login, its bound on time and its cap on an answer's size. */
@Timeout(20)
class ManagementHttpTest {

    private static final String WHO = "the test's API at here";

    private HttpServer server;
    private URI uri;
    private final Map<String, String> asked = new ConcurrentHashMap<>();
    private final CountDownLatch released = new CountDownLatch(1);

    @BeforeEach
    void start() throws IOException {
        server = HttpLimits.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/small", exchange -> answer(exchange, "{ \"a\" :\n 1 }".getBytes()));
        server.createContext("/huge", this::huge);
        server.createContext("/stalled", this::stalled);
        server.start();
        uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @AfterEach
    void stop() {
        released.countDown();
        server.stop(0);
    }

    private void answer(HttpExchange exchange, byte[] body) throws IOException {
        asked.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        asked.put("accept", String.valueOf(exchange.getRequestHeaders().getFirst("Accept")));
        exchange.sendResponseHeaders(418, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    /** A body without end: only the client's cap stops it. */
    private void huge(HttpExchange exchange) {
        try (exchange; OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[64 * 1024];
            for (long sent = 0; sent <= 4L * ManagementHttp.MAX_BODY; sent += chunk.length) {
                out.write(chunk);
            }
        } catch (IOException e) {
            // the client hung up, as it should
        }
    }

    /** Headers at once, then a body that never comes. */
    private void stalled(HttpExchange exchange) throws IOException {
        exchange.sendResponseHeaders(200, 100);
        exchange.getResponseBody().write('[');
        exchange.getResponseBody().flush();
        try {
            released.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exchange.close();
    }

    private ManagementHttp client(String user, String password) {
        return new ManagementHttp(WHO, "is it running?", user, password, Duration.ofSeconds(1));
    }

    @Test
    void theLoginGoesAsBasicAuthAndTheStatusAndBodyComeBackAsSent() throws Exception {
        ManagementHttp.Answer answer = client("admin", "s3cret").send(HttpRequest.newBuilder(uri.resolve("small")));
        assertEquals(418, answer.status());
        assertEquals("{ \"a\" :\n 1 }", answer.body());
        assertEquals("{ \"a\" : 1 }", answer.abbreviated());
        assertEquals("Basic YWRtaW46czNjcmV0", asked.get("authorization"));
        assertEquals("application/json", asked.get("accept"));
    }

    @Test
    void noUserSendsNoLogin() throws Exception {
        client(null, null).send(HttpRequest.newBuilder(uri.resolve("small")));
        assertEquals("null", asked.get("authorization"));
    }

    @Test
    void anAnswerLargerThanTheCapIsRefusedWithoutReadingItAll() {
        ManagementUnavailable e = assertThrows(ManagementUnavailable.class,
                () -> client("u", "p").send(HttpRequest.newBuilder(uri.resolve("huge"))));
        assertEquals(WHO + " answered with more than " + ManagementHttp.MAX_BODY + " bytes", e.getMessage());
    }

    @Test
    void aBodyThatStopsComingIsGivenUpAfterTwiceTheTimeout() {
        ManagementUnavailable e = assertThrows(ManagementUnavailable.class,
                () -> client("u", "p").send(HttpRequest.newBuilder(uri.resolve("stalled"))));
        assertEquals(WHO + " did not send its whole answer within 2 s", e.getMessage());
    }

    @Test
    void aLongErrorBodyIsQuotedOnOneLineAndCut() {
        String quoted = ManagementHttp.abbreviated("x\n".repeat(300));
        assertEquals(200, quoted.length());
        assertEquals("x x x", quoted.substring(0, 5));
        assertEquals("...", quoted.substring(197));
    }
}
