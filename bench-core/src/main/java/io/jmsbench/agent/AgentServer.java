package io.jmsbench.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentTime;
import io.jmsbench.protocol.ErrorBody;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.MessageTotal;
import io.jmsbench.protocol.PoolPlan;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The agent end of the control channel: a small HTTP/1.1 + JSON server in front of a
 * {@link ClientPool}. Every request must carry {@code Authorization: Bearer <token>}; an unknown
 * or malformed request gets a 4xx with one sentence, a failure a 500 with one sentence.
 *
 * Every call but {@code /info} and {@code /time} names its run in {@code X-Jmsbench-Run}: the
 * first claims the agent ({@link AgentLease}), a call of another run meanwhile gets a 409.
 *
 * <pre>
 * GET  /info      AgentInfo
 * GET  /time      AgentTime (for the controller's clock offset estimate)
 * POST /prepare   PoolPlan -> PrepareResult
 * POST /start     -> 204
 * GET  /counters  Counters
 * GET  /total     MessageTotal (polled by count-bounded windows)
 * GET  /audit     [ClientAudit]
 * GET  /latency   LatencyInterval
 * POST /stop      -> Counters (final)
 * POST /close     -> 204
 * POST /release   -> 204, the agent is free for another run
 * POST /shutdown  -> 204, then the agent exits
 * </pre>
 */
public final class AgentServer implements AutoCloseable {

    static final Duration PREPARE_TIMEOUT = Duration.ofSeconds(60);
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    public static final String RUN_HEADER = "X-Jmsbench-Run";
    private static final int MAX_BODY = 4 << 20;

    private final HttpServer server;
    private final ExecutorService executor;
    private final byte[] expectedAuthorization;
    private final ClientPool pool;
    private final AgentInfo info;
    private final CountDownLatch shutdown = new CountDownLatch(1);
    private final AgentLease lease;
    private final Consumer<String> log;
    private final ScheduledExecutorService watcher;

    /**
     * Serves {@code pool} on {@code bind}; {@code lease} is how long a run's claim outlives its last
     * call; {@code log} receives one line per event worth an operator's attention.
     */
    public AgentServer(InetSocketAddress bind, String token, ClientPool pool, AgentInfo info, Duration lease,
                       Consumer<String> log) throws IOException {
        this.expectedAuthorization = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        this.pool = pool;
        this.info = info;
        this.lease = new AgentLease(lease);
        this.log = log;
        // answers go out as headers then body: without TCP_NODELAY the body waits for the
        // client's delayed ACK, 40 ms per call, which also spoils the clock-offset round trips
        System.setProperty("sun.net.httpserver.nodelay", "true");
        this.server = HttpServer.create(bind, 16);
        this.executor = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "agent-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "agent-lease");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::expireLease, 1, 1, TimeUnit.SECONDS);
    }

    /** A controller that stopped calling is gone: its clients must not load the broker any longer. */
    private void expireLease() {
        String lapsed = lease.expire(System.nanoTime());
        if (lapsed == null) {
            return;
        }
        try {
            pool.stop(STOP_TIMEOUT);
            pool.close(STOP_TIMEOUT);
            log.accept("run " + lapsed + ": no call for " + lease.leaseSeconds() + " s (lease expired); its clients "
                    + "are stopped and closed, the agent is idle");
        } catch (RuntimeException e) {
            log.accept("run " + lapsed + ": lease expired; closing its clients failed: " + e);
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Blocks until a {@code POST /shutdown} arrives. */
    public void awaitShutdown() throws InterruptedException {
        shutdown.await();
    }

    @Override
    public void close() {
        watcher.shutdownNow();
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (authorization == null || !MessageDigest.isEqual(expectedAuthorization,
                    authorization.getBytes(StandardCharsets.UTF_8))) {
                log.accept("refused " + exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()
                        + " from " + exchange.getRemoteAddress().getAddress().getHostAddress()
                        + ": missing or wrong bearer token");
                send(exchange, 401, new ErrorBody("missing or wrong bearer token"));
                return;
            }
            String route = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath();
            switch (route) {
                case "GET /info" -> send(exchange, 200, info);
                case "GET /time" -> send(exchange, 200, new AgentTime(EpochClock.nanos()));
                default -> handleRunCall(exchange, route);
            }
        } catch (RuntimeException e) {
            send(exchange, 500, new ErrorBody(e.getClass().getSimpleName() + ": " + e.getMessage()));
        }
    }

    private void handleRunCall(HttpExchange exchange, String route) throws IOException {
        String runId = exchange.getRequestHeaders().getFirst(RUN_HEADER);
        if (runId == null || runId.isBlank()) {
            send(exchange, 400, new ErrorBody("missing " + RUN_HEADER + " header: every call but /info and /time "
                    + "names its run"));
            return;
        }
        String from = exchange.getRemoteAddress().getAddress().getHostAddress();
        expireLease(); // a lapsed run's clients are closed before anyone else is served
        String before = lease.holder();
        AgentLease.Admission admission = lease.enter(runId, from, System.nanoTime());
        if (!admission.admitted()) {
            send(exchange, 409, new ErrorBody(String.format(java.util.Locale.ROOT,
                    "busy: this agent serves run %s (last call %.0f s ago; it is free once that run ends or "
                            + "makes no call for %d s)", admission.holder(), admission.silentSeconds(),
                    lease.leaseSeconds())));
            return;
        }
        if (!runId.equals(before)) {
            log.accept("run " + runId + ": serving the controller at " + from);
        }
        try {
            switch (route) {
                case "POST /prepare" -> {
                    PoolPlan plan = read(exchange, PoolPlan.class);
                    if (plan != null) {
                        send(exchange, 200, pool.prepare(plan, PREPARE_TIMEOUT));
                    }
                }
                case "POST /start" -> {
                    pool.start();
                    send(exchange, 204, null);
                }
                case "GET /counters" -> send(exchange, 200, pool.counters());
                case "GET /total" -> send(exchange, 200, new MessageTotal(pool.messages()));
                case "GET /audit" -> send(exchange, 200, pool.audit());
                case "GET /latency" -> send(exchange, 200, pool.latency());
                case "POST /stop" -> send(exchange, 200, pool.stop(STOP_TIMEOUT));
                case "POST /close" -> {
                    pool.close(STOP_TIMEOUT);
                    send(exchange, 204, null);
                }
                case "POST /release" -> {
                    pool.close(STOP_TIMEOUT);
                    lease.release(runId);
                    log.accept("run " + runId + ": released; the agent is idle");
                    send(exchange, 204, null);
                }
                case "POST /shutdown" -> {
                    send(exchange, 204, null);
                    shutdown.countDown();
                }
                default -> send(exchange, 404, new ErrorBody("no such request: " + route));
            }
        } finally {
            lease.done(runId, System.nanoTime());
        }
    }

    private static <T> T read(HttpExchange exchange, Class<T> type) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY + 1);
            if (body.length > MAX_BODY) {
                send(exchange, 413, new ErrorBody("request body larger than " + MAX_BODY + " bytes"));
                return null;
            }
            return Json.MAPPER.readValue(body, type);
        } catch (JsonProcessingException e) {
            send(exchange, 400, new ErrorBody("malformed " + type.getSimpleName() + ": " + e.getOriginalMessage()));
            return null;
        }
    }

    private static void send(HttpExchange exchange, int status, Object body) throws IOException {
        if (body == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] bytes = Json.MAPPER.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
