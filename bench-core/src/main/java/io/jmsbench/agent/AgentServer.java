package io.jmsbench.agent;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentTime;
import io.jmsbench.protocol.ErrorBody;
import io.jmsbench.protocol.MessageTotal;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.RateChange;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The agent end of the control channel: a small HTTP/1.1 + JSON server in front of a
 * {@link ClientPool}. Every request must carry {@code Authorization: Bearer <token>}; an unknown
 * or malformed request gets a 4xx with one sentence, a failure a 500 with one sentence.
 *
 * The requests are {@link AgentRoute}'s; anything else is a 404. Every call but {@code /info} and
 * {@code /time} names its lease in {@code X-Jmsbench-Lease}: the first claims the agent
 * ({@link AgentLease}), a call of another lease meanwhile gets a 409. A controller takes one lease
 * per run; the lease id is not the run id (the run directory's name), which the agents never see
 * but in {@code PoolPlan.runId} (subscription names, audit stamps).
 */
public final class AgentServer implements AutoCloseable {

    static final Duration PREPARE_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long stopping or closing the clients may take. A test whose agents' clients cannot reach their
     * broker (a pulled link) shortens it on the agents' JVMs ({@code -Djmsbench.test.agentStopSeconds}),
     * not to wait out 10 s twice.
     */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(Long.getLong("jmsbench.test.agentStopSeconds", 10));
    public static final String LEASE_HEADER = "X-Jmsbench-Lease";
    /** The largest request body read: a plan for thousands of clients is well below it. */
    static final int MAX_BODY = 4 << 20;

    private final HttpServer server;
    private final RequestThreads threads;
    private final Supplier<String> token;
    private final ClientPool pool;
    private final AgentInfo info;
    private final CountDownLatch shutdown = new CountDownLatch(1);
    private final AgentLease lease;
    private final Consumer<String> log;
    private final ScheduledExecutorService watcher;

    /**
     * Serves {@code pool} on {@code bind}; {@code lease} is how long a claim outlives its last
     * call; {@code log} receives one line per event worth an operator's attention.
     */
    public AgentServer(InetSocketAddress bind, String token, ClientPool pool, AgentInfo info, Duration lease,
                       Consumer<String> log) throws IOException {
        this(bind, () -> token, pool, info, lease, log, Duration.ofSeconds(1));
    }

    /**
     * As above, with the token asked of {@code token} on every request, so a token file replaced
     * while the agent serves takes effect at once (the source must be cheap and thread-safe).
     */
    public AgentServer(InetSocketAddress bind, Supplier<String> token, ClientPool pool, AgentInfo info,
                       Duration lease, Consumer<String> log) throws IOException {
        this(bind, token, pool, info, lease, log, Duration.ofSeconds(1));
    }

    /** As above, looking for a lapsed lease every {@code watchEvery}: tests need not wait a second per look. */
    AgentServer(InetSocketAddress bind, String token, ClientPool pool, AgentInfo info, Duration lease,
                Consumer<String> log, Duration watchEvery) throws IOException {
        this(bind, () -> token, pool, info, lease, log, watchEvery);
    }

    private AgentServer(InetSocketAddress bind, Supplier<String> token, ClientPool pool, AgentInfo info,
                        Duration lease, Consumer<String> log, Duration watchEvery) throws IOException {
        this.token = token;
        this.pool = pool;
        this.info = info;
        this.lease = new AgentLease(lease);
        this.log = log;
        // answers go out as headers then body: without TCP_NODELAY the body waits for the
        // client's delayed ACK, 40 ms per call, which also spoils the clock-offset round trips
        System.setProperty("sun.net.httpserver.nodelay", "true");
        this.server = HttpLimits.server(bind, HttpLimits.BACKLOG);
        this.threads = new RequestThreads("agent-http", HttpLimits.MAX_THREADS);
        server.setExecutor(threads);
        server.createContext("/", threads.handling(this::handle));
        server.start();
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "agent-lease");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::expireLease, watchEvery.toNanos(), watchEvery.toNanos(),
                TimeUnit.NANOSECONDS);
    }

    /**
     * A controller that stopped calling is gone: its clients must not load the broker any longer.
     * The lapsed lease is released only once they are closed; until then every call gets a 409, so
     * another run cannot prepare clients of its own beside clients still closing. Only this
     * watcher closes: a call never waits for another lease's clients to close.
     */
    private void expireLease() {
        String lapsed = lease.lapsed(System.nanoTime());
        if (lapsed == null) {
            return;
        }
        String outcome = "closing its clients was interrupted";
        try {
            pool.stop(STOP_TIMEOUT);
            pool.close(STOP_TIMEOUT);
            outcome = "its clients are stopped and closed";
        } catch (RuntimeException e) {
            outcome = "closing its clients failed (" + e + ")";
        } finally {
            lease.release(lapsed); // even after a failure: an agent held for ever helps nobody
            log.accept("lease " + lapsed + ": no call for " + lease.leaseSeconds() + " s (lease expired); " + outcome
                    + "; the agent is idle");
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
        threads.shutdownNow();
    }

    /** Exchanges whose thread waits on its client now (reading its request, or draining a body not read). */
    int clientsWaitedOn() {
        return threads.waitingOnClients();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            try {
                serve(exchange);
            } catch (AgentRefusal e) {
                logRefusal(exchange, e.status(), e.getMessage());
                JsonExchange.send(exchange, e.status(), new ErrorBody(e.getMessage()));
            } catch (RuntimeException e) {
                String sentence = e.getClass().getSimpleName() + ": " + e.getMessage();
                logRefusal(exchange, 500, sentence);
                JsonExchange.send(exchange, 500, new ErrorBody(sentence));
            }
        } // the answer goes out before the exchange closes: a refusal sent after it would never arrive
    }

    private void serve(HttpExchange exchange) throws IOException, AgentRefusal {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        byte[] expected = ("Bearer " + token.get()).getBytes(StandardCharsets.UTF_8);
        if (authorization == null || !MessageDigest.isEqual(expected, authorization.getBytes(StandardCharsets.UTF_8))) {
            log.accept("refused " + exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()
                    + " from " + exchange.getRemoteAddress().getAddress().getHostAddress()
                    + ": missing or wrong bearer token");
            JsonExchange.send(exchange, 401, new ErrorBody("missing or wrong bearer token"));
            return;
        }
        AgentRoute route = AgentRoute.find(exchange.getRequestMethod(), exchange.getRequestURI().getPath());
        if (route == null) {
            // before the lease: a request that does not exist claims nothing
            throw new AgentRefusal(404, "no such request: " + JsonExchange.bounded(exchange.getRequestMethod()) + " "
                    + JsonExchange.bounded(exchange.getRequestURI().getPath()));
        } else if (route.leased()) {
            handleLeasedCall(exchange, route);
        } else {
            answer(exchange, route, null);
        }
    }

    private void handleLeasedCall(HttpExchange exchange, AgentRoute route) throws IOException, AgentRefusal {
        String leaseId = exchange.getRequestHeaders().getFirst(LEASE_HEADER);
        if (leaseId == null || leaseId.isBlank()) {
            throw new AgentRefusal(400, "missing " + LEASE_HEADER + " header: every call but /info and /time names its "
                    + "lease");
        }
        String from = exchange.getRemoteAddress().getAddress().getHostAddress();
        String before = lease.holder();
        AgentLease.Admission admission = lease.enter(leaseId, from, System.nanoTime());
        if (admission.closing()) {
            throw new AgentRefusal(409, String.format(Locale.ROOT,
                    "busy: this agent is closing the clients of lease %s, which made no call for %.0f s; it is free "
                            + "once they are closed", admission.holder(), admission.silentSeconds()));
        }
        if (!admission.admitted()) {
            throw new AgentRefusal(409, String.format(Locale.ROOT,
                    "busy: this agent is held by lease %s (last call %.0f s ago; it is free once that lease is "
                            + "released or makes no call for %d s)", admission.holder(), admission.silentSeconds(),
                    lease.leaseSeconds()));
        }
        if (!leaseId.equals(before)) {
            log.accept("lease " + leaseId + ": serving the controller at " + from);
        }
        try {
            answer(exchange, route, leaseId);
        } finally {
            lease.done(leaseId, System.nanoTime());
        }
    }

    /**
     * Does what {@code route} asks and answers: 200 with the body, 204 when there is none. A switch
     * expression, so a route added to {@link AgentRoute} does not compile until it is served here.
     */
    private void answer(HttpExchange exchange, AgentRoute route, String leaseId) throws IOException, AgentRefusal {
        Object body = switch (route) {
            case INFO -> info;
            case TIME -> new AgentTime(EpochClock.nanos());
            case PREPARE -> pool.prepare(JsonExchange.read(exchange, PoolPlan.class, MAX_BODY), PREPARE_TIMEOUT);
            case START -> {
                pool.start();
                yield null;
            }
            case RATE -> {
                RateChange change = JsonExchange.read(exchange, RateChange.class, MAX_BODY);
                if (!(change.ratePerClient() > 0) || !pool.rate(change.ratePerClient())) {
                    throw new AgentRefusal(409, !(change.ratePerClient() > 0) ? "expected a rate above 0 msgs/s, found "
                            + change.ratePerClient() : "no publisher of this agent follows a closed loop");
                }
                yield null;
            }
            case COUNTERS -> pool.counters();
            case TOTAL -> new MessageTotal(pool.messages());
            case AUDIT -> pool.audit();
            case LATENCY -> pool.latency();
            case REPLIES -> pool.replies();
            case STOP -> pool.stop(STOP_TIMEOUT);
            case CLOSE -> {
                pool.close(STOP_TIMEOUT);
                yield null;
            }
            case RELEASE -> {
                pool.close(STOP_TIMEOUT);
                lease.release(leaseId);
                log.accept("lease " + leaseId + ": released; the agent is idle");
                yield null;
            }
            case SHUTDOWN -> null;
        };
        JsonExchange.send(exchange, body == null ? 204 : 200, body);
        if (route == AgentRoute.SHUTDOWN) {
            shutdown.countDown(); // after the answer: the agent may be gone the moment it is counted down
        }
    }

    /** One line per request turned down, never longer than a few hundred characters whatever was sent. */
    private void logRefusal(HttpExchange exchange, int status, String sentence) {
        log.accept("refused " + JsonExchange.bounded(exchange.getRequestMethod()) + " " + JsonExchange.bounded(exchange.getRequestURI().getPath())
                + " from " + exchange.getRemoteAddress().getAddress().getHostAddress() + ": " + status + " "
                + JsonExchange.bounded(sentence));
    }
}
