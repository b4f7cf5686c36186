package io.jmsbench.run.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.agent.HttpLimits;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;

/**
 * Serves {@code GET /metrics} in Prometheus's text format while a run goes, on the address the user
 * chose (loopback unless told). Anything else gets 404 or 405; a request body is never read.
 * {@link HttpLimits} bounds a client that is slow to send its request or read the answer.
 */
public final class MetricsServer implements AutoCloseable {

    static final String PATH = "/metrics";

    private final HttpServer server;
    private final ExecutorService executor;

    public MetricsServer(InetSocketAddress bind, Supplier<String> scrape) throws IOException {
        server = HttpLimits.server(bind, HttpLimits.BACKLOG);
        executor = HttpLimits.executor("metrics-http");
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                answer(exchange, scrape);
            }
        });
        server.start();
    }

    private static void answer(HttpExchange exchange, Supplier<String> scrape) throws IOException {
        if (!PATH.equals(exchange.getRequestURI().getPath())) {
            send(exchange, 404, "not found: jmsbench serves " + PATH + "\n");
        } else if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
            exchange.getResponseHeaders().set("Allow", "GET, HEAD");
            send(exchange, 405, "method not allowed: GET " + PATH + "\n");
        } else {
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            send(exchange, 200, scrape.get());
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(status, head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
