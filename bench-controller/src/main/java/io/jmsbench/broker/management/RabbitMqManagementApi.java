package io.jmsbench.broker.management;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
    /** Where the levels come from, which need no settling. */
    private static final String LEVELS = "in flight and held: /api/queues' messages_unacknowledged and "
            + "messages_ready at the point's end (as of RabbitMQ's last statistics period, up to 5 s before)";

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
        Map<String, Long> held = new HashMap<>();
        for (JsonNode queue : get("api/queues?columns=vhost,name,messages,messages_ready,messages_unacknowledged")) {
            inFlight += queue.path("messages_unacknowledged").asLong(0);
            remaining += queue.path("messages_ready").asLong(0);
            long messages = queue.path("messages").asLong(0);
            if (messages > 0) {
                String vhost = queue.path("vhost").asText("/");
                held.put((vhost.equals("/") ? "" : vhost + "/") + queue.path("name").asText("?"), messages);
            }
        }
        return new BrokerReading(in, acknowledged, dispatched, -1, inFlight, remaining, alarms(get("api/nodes")),
                flowControl(get("api/connections?columns=name,state")), held, null);
    }

    @Override
    public boolean live() {
        return false;
    }

    /**
     * The queues' levels as read now, which need no settling, and each counter of message_stats once
     * it held still for {@link #SETTLE}, within {@code settling}'s bound: messages in at once where the
     * publishers stopped a statistics period ago; after a drain that timed out, the deliveries and
     * acknowledgements never settle, so they are not waited for.
     */
    @Override
    public BrokerReading settled(Settling settling) throws ManagementUnavailable, InterruptedException {
        long start = System.nanoTime();
        BrokerReading last = read();
        if (!settling.drained()) {
            return last.partly(settling.sendsQuiet(), false, LEVELS + "; deliveries and acknowledgements not known: "
                    + "the drain timed out and the subscribers were still taking the backlog"
                    + (settling.sendsQuiet() ? "" : "; messages in not known: the publishers stopped less than a "
                    + "statistics period before"));
        }
        long inStill = System.nanoTime();
        long outStill = inStill;
        while (System.nanoTime() - start < settling.bound().toNanos()) {
            Thread.sleep(1000);
            BrokerReading now = read();
            long t = System.nanoTime();
            if (now.enqueued() != last.enqueued()) {
                inStill = t;
            }
            if (now.dequeued() != last.dequeued() || now.dispatched() != last.dispatched()) {
                outStill = t;
            }
            last = now;
            if (t - inStill >= SETTLE.toNanos() && t - outStill >= SETTLE.toNanos()) {
                return now.partly(true, true, LEVELS + "; message_stats settled " + Math.round((t - start) / 1e9)
                        + " s after the drain");
            }
        }
        long t = System.nanoTime();
        boolean in = settling.sendsQuiet() || t - inStill >= SETTLE.toNanos();
        boolean out = t - outStill >= SETTLE.toNanos();
        String waited = " still moving " + Math.round((t - start) / 1e9) + " s after the drain";
        return last.partly(in, out, LEVELS + "; " + (in ? "deliveries and acknowledgements" + waited
                : out ? "messages in" + waited : "message_stats" + waited) + ", so not known");
    }

    /** Each queue's contents deleted ({@code DELETE /api/queues/VHOST/NAME/contents}): RabbitMQ's purge. */
    @Override
    public long purge(Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        long purged = 0;
        for (Map.Entry<String, Long> queue : destinations.entrySet()) {
            int slash = queue.getKey().indexOf('/');
            String vhost = slash < 0 ? "/" : queue.getKey().substring(0, slash);
            String name = queue.getKey().substring(slash + 1);
            URI uri = URI.create(base + "api/queues/" + encode(vhost) + "/" + encode(name) + "/contents");
            ManagementHttp.Answer response = http.send(HttpRequest.newBuilder(uri).DELETE());
            if (response.status() / 100 != 2) {
                throw new ManagementUnavailable("RabbitMQ's management API did not purge queue " + queue.getKey()
                        + ": " + response.status() + " " + response.abbreviated());
            }
            purged += queue.getValue();
        }
        return purged;
    }

    private static String encode(String part) {
        return java.net.URLEncoder.encode(part, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
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
