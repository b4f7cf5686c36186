package io.jmsbench.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentTime;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.ErrorBody;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.MessageTotal;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.RateChange;
import io.jmsbench.protocol.ReplyInterval;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;

/** The controller end of the control channel to one agent. Every call has a timeout. */
public final class AgentClient {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    /** The agent's stop bound and 5 s; a test that waits out a release to an unreachable agent shortens it. */
    private static final Duration RELEASE_TIMEOUT = Duration.ofSeconds(Long.getLong("jmsbench.test.releaseSeconds",
            AgentServer.STOP_TIMEOUT.plusSeconds(5).toSeconds()));

    private final String name;
    private final URI base;
    private final String token;
    private final String leaseId;
    private final HttpClient http;

    /**
     * The client of the agent at {@code base}, calling under lease {@code leaseId}: the agent serves
     * one lease at a time, so every client of one run must share it.
     */
    public AgentClient(String name, URI base, String token, String leaseId) {
        this.name = name;
        this.base = base;
        this.token = token;
        this.leaseId = leaseId;
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).version(HttpClient.Version.HTTP_1_1).build();
    }

    public String name() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }

    public URI address() {
        return base;
    }

    public AgentInfo info() throws AgentException {
        return call(AgentRoute.INFO, null, AgentInfo.class, CALL_TIMEOUT);
    }

    /** The agent's clock; a short timeout, since only fast round trips make good offset estimates. */
    public AgentTime time() throws AgentException {
        return call(AgentRoute.TIME, null, AgentTime.class, Duration.ofSeconds(2));
    }

    public PrepareResult prepare(PoolPlan plan) throws AgentException {
        return call(AgentRoute.PREPARE, plan, PrepareResult.class, AgentServer.PREPARE_TIMEOUT.plusSeconds(10));
    }

    public void start() throws AgentException {
        call(AgentRoute.START, null, Void.class, CALL_TIMEOUT);
    }

    /** A closed loop's new rate for every publisher client of the agent. */
    public void rate(RateChange change, Duration timeout) throws AgentException {
        call(AgentRoute.RATE, change, Void.class, timeout);
    }

    public Counters counters(Duration timeout) throws AgentException {
        return call(AgentRoute.COUNTERS, null, Counters.class, timeout);
    }

    public long messages(Duration timeout) throws AgentException {
        return call(AgentRoute.TOTAL, null, MessageTotal.class, timeout).messages();
    }

    public List<ClientAudit> audit() throws AgentException {
        ClientAudit[] audits = call(AgentRoute.AUDIT, null, ClientAudit[].class,
                CALL_TIMEOUT);
        return audits == null ? List.of() : List.of(audits);
    }

    public LatencyInterval latency(Duration timeout) throws AgentException {
        return call(AgentRoute.LATENCY, null, LatencyInterval.class, timeout);
    }

    /** The requesters' replies; {@code null} when the agent has none. */
    public ReplyInterval replies(Duration timeout) throws AgentException {
        return call(AgentRoute.REPLIES, null, ReplyInterval.class, timeout);
    }

    public Counters stop() throws AgentException {
        return call(AgentRoute.STOP, null, Counters.class, AgentServer.STOP_TIMEOUT.plusSeconds(5));
    }

    public void close() throws AgentException {
        call(AgentRoute.CLOSE, null, Void.class, AgentServer.STOP_TIMEOUT.plusSeconds(5));
    }

    /** Frees the agent for another lease (closing whatever clients are left). */
    public void release() throws AgentException {
        call(AgentRoute.RELEASE, null, Void.class, RELEASE_TIMEOUT);
    }

    public void shutdown() throws AgentException {
        call(AgentRoute.SHUTDOWN, null, Void.class, Duration.ofSeconds(3));
    }

    private <T> T call(AgentRoute route, Object body, Class<T> type, Duration timeout) throws AgentException {
        HttpResponse<byte[]> response;
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(route.path()))
                    .timeout(timeout)
                    .header("Authorization", "Bearer " + token);
            if (route.leased()) {
                request.header(AgentServer.LEASE_HEADER, leaseId);
            }
            if (body != null) {
                request.header("Content-Type", "application/json").method(route.method(),
                        HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(body)));
            } else {
                request.method(route.method(), HttpRequest.BodyPublishers.noBody());
            }
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new AgentException(name + " did not answer " + route + " within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            String why = e instanceof ConnectException ? "connection refused (is the agent running?)"
                    : e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
            throw new AgentException(name + " at " + base + " is unreachable (" + route + "): " + why);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException(name + ": interrupted during " + route);
        }
        if (response.statusCode() / 100 != 2) {
            String why;
            try {
                why = Json.MAPPER.readValue(response.body(), ErrorBody.class).error();
            } catch (IOException e) {
                why = "HTTP " + response.statusCode();
            }
            throw new AgentException(name + " refused " + route + ": " + why);
        }
        if (type == Void.class || response.body().length == 0) {
            return null;
        }
        try {
            return Json.MAPPER.readValue(response.body(), type);
        } catch (IOException e) {
            // it answered, so no network fault: an agent of another version, say ("role": "broker")
            String why = e instanceof ValueInstantiationException && e.getCause() != null ? e.getCause().getMessage()
                    : e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            throw new AgentException(name + " answered " + route + " with a malformed " + type.getSimpleName() + ": "
                    + why);
        }
    }
}
