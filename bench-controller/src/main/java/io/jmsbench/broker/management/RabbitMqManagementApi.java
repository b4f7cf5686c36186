package io.jmsbench.broker.management;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * RabbitMQ's management plugin over HTTP ({@code rabbitmq_management}): the node's message counters
 * from {@code /api/overview} (every message published once, however many queues it was routed to,
 * which is what the publishers sent; deliveries and acknowledgements per copy), the queues' levels
 * from {@code /api/queues}, alarms from {@code /api/nodes} and connections held back by flow control
 * from {@code /api/connections}. The counters cover the whole node, every virtual host.
 */
final class RabbitMqManagementApi implements BrokerManagementClient {

    /**
     * The plugin publishes its statistics every {@code collect_statistics_interval}, 5 s by default:
     * figures that held still longer than that have caught up.
     */
    static final Duration SETTLE = Duration.ofSeconds(6);
    static final Duration SETTLE_BOUND = Duration.ofSeconds(20);

    private final URI base;
    private final ManagementHttp http;

    RabbitMqManagementApi(String url, String user, String password) {
        this.base = URI.create(url.endsWith("/") ? url : url + "/");
        this.http = new ManagementHttp("RabbitMQ's management API at " + base,
                "is the rabbitmq_management plugin enabled?", user, password, TIMEOUT);
    }

    @Override
    public String source() {
        return "rabbitmq management API at " + base + " (node-wide /api/overview counters over the point)";
    }

    @Override
    public BrokerReading read() throws ManagementUnavailable, InterruptedException {
        JsonNode stats = get("api/overview").path("message_stats");
        long in = stats.path("publish").asLong(0);
        long dispatched = stats.path("deliver_get").asLong(0);
        long acknowledged = stats.path("ack").asLong(0) + stats.path("deliver_no_ack").asLong(0)
                + stats.path("get_no_ack").asLong(0);
        long inFlight = 0;
        long remaining = 0;
        for (JsonNode queue : get("api/queues?columns=name,messages_ready,messages_unacknowledged")) {
            inFlight += queue.path("messages_unacknowledged").asLong(0);
            remaining += queue.path("messages_ready").asLong(0);
        }
        return new BrokerReading(in, acknowledged, dispatched, -1, inFlight, remaining, alarms(get("api/nodes")),
                flowControl(get("api/connections?columns=name,state")));
    }

    @Override
    public boolean live() {
        return false;
    }

    @Override
    public BrokerReading settled() throws ManagementUnavailable, InterruptedException {
        long start = System.nanoTime();
        BrokerReading last = read();
        long stillSince = System.nanoTime();
        while (System.nanoTime() - start < SETTLE_BOUND.toNanos()) {
            Thread.sleep(1000);
            BrokerReading now = read();
            if (!now.sameCounts(last)) {
                stillSince = System.nanoTime();
            } else if (System.nanoTime() - stillSince >= SETTLE.toNanos()) {
                return now;
            }
            last = now;
        }
        throw new ManagementUnavailable("RabbitMQ's statistics at " + SETTLE_BOUND.toSeconds() + " s after the drain "
                + "were still moving, so its counts over the point are not known");
    }

    /** A node's memory or disk alarm, which blocks every publishing connection of the cluster. */
    static List<String> alarms(JsonNode nodes) {
        List<String> alarms = new ArrayList<>();
        for (JsonNode node : nodes) {
            String name = node.path("name").asText("?");
            if (node.path("mem_alarm").asBoolean(false)) {
                alarms.add(String.format(Locale.ROOT, "node %s: mem_alarm (mem_used %,d of mem_limit %,d bytes)",
                        name, node.path("mem_used").asLong(), node.path("mem_limit").asLong()));
            }
            if (node.path("disk_free_alarm").asBoolean(false)) {
                alarms.add(String.format(Locale.ROOT, "node %s: disk_free_alarm (disk_free %,d below disk_free_limit "
                        + "%,d bytes)", name, node.path("disk_free").asLong(), node.path("disk_free_limit").asLong()));
            }
        }
        return alarms;
    }

    /** Connections in state flow (credit flow holds them back) or blocked/blocking (an alarm). */
    static List<String> flowControl(JsonNode connections) {
        List<String> held = new ArrayList<>();
        for (JsonNode connection : connections) {
            String state = connection.path("state").asText("");
            if (state.equals("flow") || state.equals("blocked") || state.equals("blocking")) {
                held.add("connection " + connection.path("name").asText("?") + ": state " + state);
            }
        }
        return held;
    }

    private JsonNode get(String path) throws ManagementUnavailable, InterruptedException {
        URI uri = base.resolve(path);
        ManagementHttp.Answer response = http.send(HttpRequest.newBuilder(uri).GET());
        if (response.status() == 401) {
            throw new ManagementUnavailable("RabbitMQ's management API at " + base + " refused the login (401): "
                    + "broker.management.user and password");
        }
        if (response.status() != 200) {
            throw new ManagementUnavailable("RabbitMQ's management API answered " + uri.getPath() + " with "
                    + response.status() + ": " + response.abbreviated());
        }
        try {
            return Json.MAPPER.readTree(response.body());
        } catch (IOException e) {
            throw new ManagementUnavailable("RabbitMQ's management API answered " + uri.getPath()
                    + " with something other than JSON: " + response.abbreviated());
        }
    }
}
