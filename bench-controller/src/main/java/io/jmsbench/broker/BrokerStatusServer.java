package io.jmsbench.broker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.agent.HttpLimits;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A managed broker's state for the controller that started it: {@code GET /state} on a free
 * loopback port answers {@link ServedBroker#state} as JSON, to a bearer token that only the ready
 * file carries. Read only when a point stalls, so it costs the measured broker nothing until then,
 * and it runs beside the broker's own threads: a broker that holds its producers back still answers.
 */
public final class BrokerStatusServer implements AutoCloseable {

    private final HttpServer server;
    private final String token;

    private BrokerStatusServer(HttpServer server, String token) {
        this.server = server;
        this.token = token;
    }

    public static BrokerStatusServer start(ServedBroker broker) throws IOException {
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        String token = HexFormat.of().formatHex(secret);
        HttpServer server = HttpLimits.server(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "broker-status");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/state", exchange -> answer(exchange, broker, token));
        server.start();
        return new BrokerStatusServer(server, token);
    }

    private static void answer(HttpExchange exchange, ServedBroker broker, String token) throws IOException {
        try {
            String given = exchange.getRequestHeaders().getFirst("Authorization");
            byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
            if (given == null || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
                send(exchange, 401, "{\"error\":\"a bearer token is needed\"}");
            } else if (!"GET".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "{\"error\":\"GET only\"}");
            } else {
                String body;
                try {
                    body = Json.MAPPER.writeValueAsString(broker.state());
                } catch (Exception e) {
                    send(exchange, 500, Json.MAPPER.writeValueAsString(Map.of("error", String.valueOf(e))));
                    return;
                }
                send(exchange, 200, body);
            }
        } finally {
            exchange.close();
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Where the controller asks. */
    public String url() {
        return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort() + "/state";
    }

    public String token() {
        return token;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
