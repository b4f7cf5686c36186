package io.jmsbench.broker.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.agent.HttpLimits;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Jolokia client against an HTTP server of the JDK's answering as Jolokia 2 answers (shapes taken
 * from the real agent; the real endpoint is DebianBrokersIT's): its bulk reads summed, and each way
 * it refuses turned into one sentence naming the URL.
 */
@Timeout(10)
class ActiveMqJolokiaTest {

    private HttpServer server;
    private String url;
    /** What the server answers next: HTTP status, body, and what it was asked. */
    private volatile int status = 200;
    private volatile String answer = "";
    private final Map<String, String> asked = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpLimits.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/jolokia", this::answer);
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/api/jolokia";
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        asked.put("method", exchange.getRequestMethod());
        asked.put("origin", String.valueOf(exchange.getRequestHeaders().getFirst("Origin")));
        asked.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        asked.put("body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private BrokerReading read() throws Exception {
        return new ActiveMqJolokia(url, "admin", "s3cret").read();
    }

    private String refusal() {
        return assertThrows(ManagementUnavailable.class, this::read).getMessage();
    }

    private static final String BROKER_OK = """
            {"request":{"mbean":"org.apache.activemq:brokerName=*,type=Broker","type":"read"},
             "value":{"org.apache.activemq:brokerName=localhost,type=Broker":
                      {"MemoryPercentUsage":3,"StorePercentUsage":0,"TempPercentUsage":0}},
             "status":200,"timestamp":1}""";

    @Test
    void everyDestinationButActiveMqsOwnIsSummedAndAFullOneIsFlowControl() throws Exception {
        answer = """
                [{"request":{"type":"read"},"status":200,"timestamp":1,"value":{
                  "org.apache.activemq:brokerName=localhost,destinationName=bench.q,destinationType=Queue,type=Broker":
                    {"EnqueueCount":100,"DequeueCount":90,"DispatchCount":95,"InFlightCount":5,"QueueSize":10,
                     "BlockedSends":2,"MemoryPercentUsage":100},
                  "org.apache.activemq:brokerName=localhost,destinationName=bench.t,destinationType=Topic,type=Broker":
                    {"EnqueueCount":50,"DequeueCount":100,"DispatchCount":100,"InFlightCount":0,"QueueSize":0,
                     "MemoryPercentUsage":0},
                  "org.apache.activemq:brokerName=localhost,destinationName=ActiveMQ.Advisory.Connection,destinationType=Topic,type=Broker":
                    {"EnqueueCount":7,"DequeueCount":0,"DispatchCount":7,"InFlightCount":0,"QueueSize":0,
                     "BlockedSends":0,"MemoryPercentUsage":0}}},
                 {"request":{"type":"read"},"status":200,"timestamp":1,"value":{
                  "org.apache.activemq:brokerName=localhost,type=Broker":
                    {"MemoryPercentUsage":100,"StorePercentUsage":12,"TempPercentUsage":100}}}]
                """;
        BrokerReading r = read();
        assertEquals(new BrokerReading(150, 190, 195, 2, 5, 10,
                List.of("broker localhost: MemoryPercentUsage 100 (its system usage limit is reached: sends block or fail)",
                        "broker localhost: TempPercentUsage 100 (its system usage limit is reached: sends block or fail)"),
                List.of("queue bench.q: MemoryPercentUsage 100 (its memory limit is full: producer flow control holds "
                        + "its producers back)")), r);
        // one POST of two pattern reads, with the endpoint's own origin and the login
        assertEquals("POST", asked.get("method"));
        assertEquals("http://127.0.0.1:" + server.getAddress().getPort(), asked.get("origin"));
        assertEquals("Basic YWRtaW46czNjcmV0", asked.get("authorization"));
        JsonNode body = Json.MAPPER.readTree(asked.get("body"));
        assertEquals(ActiveMqFigures.DESTINATIONS, body.get(0).path("mbean").asText());
        assertEquals("read", body.get(0).path("type").asText());
        assertEquals(ActiveMqFigures.BROKERS, body.get(1).path("mbean").asText());
        assertEquals(ActiveMqFigures.BROKER.size(), body.get(1).path("attribute").size());
    }

    @Test
    void aBrokerWithNoDestinationYetReadsZero() throws Exception {
        answer = """
                [{"error_type":"javax.management.InstanceNotFoundException","error":"No MBean with pattern ... found for READ request","status":404},
                """ + BROKER_OK + "]";
        assertEquals(new BrokerReading(0, 0, 0, 0, 0, 0, List.of(), List.of()), read());
    }

    @Test
    void theSourceNamesTheUrlAndNeverThePassword() {
        String source = new ActiveMqJolokia(url, "admin", "s3cret").source();
        assertEquals("activemq Jolokia at " + url + " (destinations' counters over the point)", source);
        assertFalse(source.contains("s3cret"));
    }

    @Test
    void aRefusedLoginSaysWhichSettingsToGive() {
        status = 401;
        assertEquals("ActiveMQ's Jolokia at " + url + " refused the login (401): set broker.management.user and "
                + "password to a web console user's (admin/admin unless changed)", refusal());
    }

    @Test
    void aUserWithoutTheRoleIsRefusedByTheConsole() {
        status = 403;
        answer = "<html>forbidden</html>";
        assertEquals("ActiveMQ's Jolokia at " + url + " refused the user (403): the web console lets only its admin "
                + "role use /api (broker.management.user)", refusal());
    }

    @Test
    void anOriginItsPolicyRefusesIsNamedWithTheOriginSent() {
        answer = """
                {"error_type":"java.lang.Exception",".error":true,"error":"Origin http://127.0.0.1:1 is not allowed to call this agent","status":403}""";
        String origin = "http://127.0.0.1:" + server.getAddress().getPort();
        assertEquals("ActiveMQ's Jolokia at " + url + " refused the request (403: Origin http://127.0.0.1:1 is not "
                + "allowed to call this agent): its policy, jolokia-access.xml, must let this host read "
                + "org.apache.activemq:* and, where <cors> has allow-origin entries, allow the origin jmsbench sends, "
                + origin, refusal());
    }

    @Test
    void aReadItsPolicyForbidsIsNamedWithThePattern() {
        answer = """
                [{"error_type":"java.lang.Exception","error":"Reading attribute EnqueueCount is forbidden for MBean x","status":403},
                """ + BROKER_OK + "]";
        String m = refusal();
        assertTrue(m.startsWith("ActiveMQ's Jolokia at " + url + " refused reading " + ActiveMqFigures.DESTINATIONS
                + " (403: Reading attribute EnqueueCount is forbidden for MBean x): its policy, jolokia-access.xml"), m);
    }

    @Test
    void anotherErrorOfJolokiasIsQuoted() {
        answer = """
                [{"error_type":"java.lang.IllegalStateException","error":"boom","status":500},
                """ + BROKER_OK + "]";
        assertEquals("ActiveMQ's Jolokia at " + url + " answered reading " + ActiveMqFigures.DESTINATIONS
                + " with status 500: boom", refusal());
    }

    @Test
    void aJvmWithoutAnActiveMqBrokerIsNamed() {
        answer = """
                [{"error_type":"javax.management.InstanceNotFoundException","error":"none","status":404},
                 {"error_type":"javax.management.InstanceNotFoundException","error":"none","status":404}]""";
        assertEquals("ActiveMQ's Jolokia at " + url + " has no ActiveMQ broker MBean (" + ActiveMqFigures.BROKERS
                + "): is it the broker's JVM, with useJmx=\"true\" (the default)?", refusal());
    }

    @Test
    void aWrongPathIsNamedWithTheConsolesOwn() {
        url = url.replace("/api/jolokia", "/jolokia");
        assertEquals("ActiveMQ's Jolokia at " + url + " is not there (404): the web console serves it at "
                + "http://HOST:8161/api/jolokia", refusal());
    }

    @Test
    void somethingOtherThanJolokiasJsonIsQuoted() {
        answer = "<html><body>login</body></html>";
        assertEquals("ActiveMQ's Jolokia at " + url + " answered with something other than Jolokia's JSON (is the "
                + "URL Jolokia's, http://HOST:8161/api/jolokia?): <html><body>login</body></html>", refusal());
    }

    @Test
    void nothingListeningIsNamedWithWhereTheConsoleServesIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        url = "http://127.0.0.1:" + port + "/api/jolokia";
        String m = refusal();
        assertTrue(m.startsWith("ActiveMQ's Jolokia at " + url + " did not answer (java.net.ConnectException"), m);
        assertTrue(m.endsWith("); is its web console running (it serves Jolokia at http://HOST:8161/api/jolokia)?"), m);
    }
}
