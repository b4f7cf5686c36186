package io.jmsbench.agent;

/**
 * Every request of the control channel, the one table both ends use: {@link AgentServer} dispatches
 * on it and {@link AgentClient} calls by it, so the two cannot drift apart. {@code leased}: the call
 * names its lease ({@link AgentServer#LEASE_HEADER}) and so claims the agent or is refused while
 * another lease holds it; only the calls that look without touching need none.
 */
enum AgentRoute {
    /** {@code AgentInfo}: who answers on this address. */
    INFO("GET", "/info", false),
    /** {@code AgentTime}, for the controller's clock offset estimate. */
    TIME("GET", "/time", false),
    /** {@code PoolPlan} in, {@code PrepareResult} out: connects the clients. */
    PREPARE("POST", "/prepare", true),
    /** Starts the load (publishers); 204. */
    START("POST", "/start", true),
    /** {@code RateChange} in: a closed loop's new rate for every publisher client; 204, or 409 without one. */
    RATE("POST", "/rate", true),
    /** {@code Counters}: cumulative, per client. */
    COUNTERS("GET", "/counters", true),
    /** {@code MessageTotal}, polled by count-bounded windows. */
    TOTAL("GET", "/total", true),
    /** {@code [ClientAudit]}: what the subscribers' audits saw. */
    AUDIT("GET", "/audit", true),
    /** {@code LatencyInterval} since the last call; 204 from publishers, which record none. */
    LATENCY("GET", "/latency", true),
    /** {@code ReplyInterval}: the requesters' replies and round trips; 204 from an agent without requesters. */
    REPLIES("GET", "/replies", true),
    /** Stops the load; the final {@code Counters}. */
    STOP("POST", "/stop", true),
    /** Closes every client; 204. */
    CLOSE("POST", "/close", true),
    /** Closes whatever clients are left, then frees the agent for another lease; 204. */
    RELEASE("POST", "/release", true),
    /** 204, then the agent exits. */
    SHUTDOWN("POST", "/shutdown", true);

    private final String method;
    private final String path;
    private final boolean leased;

    AgentRoute(String method, String path, boolean leased) {
        this.method = method;
        this.path = path;
        this.leased = leased;
    }

    String method() {
        return method;
    }

    String path() {
        return path;
    }

    boolean leased() {
        return leased;
    }

    /** The route of {@code method} {@code path}, or {@code null} when there is none. */
    static AgentRoute find(String method, String path) {
        for (AgentRoute route : values()) {
            if (route.method.equals(method) && route.path.equals(path)) {
                return route;
            }
        }
        return null;
    }

    /** {@code GET /info}, as requests are named in log lines and errors. */
    @Override
    public String toString() {
        return method + " " + path;
    }
}
