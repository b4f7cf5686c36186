package io.jmsbench.broker.management;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * ActiveMQ Classic's statistics through Jolokia, the HTTP bridge to its MBeans that its web console
 * serves ({@code http://HOST:8161/api/jolokia}) where its JMX connector is off, as it is in the
 * stock activemq.xml: one POST of two pattern reads (every destination's attributes, the broker's
 * usages), summed by {@link ActiveMqFigures} as over JMX. Jolokia 2's policy may require an Origin
 * header ({@code <cors><strict-checking/></cors>}, as ActiveMQ's own jolokia-access.xml has it), so
 * each request carries the endpoint's own origin. Bounded by {@link #TIMEOUT} as a whole.
 */
final class ActiveMqJolokia implements BrokerManagementClient {

    private final URI url;
    private final String origin;
    private final ManagementHttp http;
    private final String body;

    ActiveMqJolokia(String url, String user, String password) {
        this.url = URI.create(url);
        if (this.url.getHost() == null) {
            throw new IllegalArgumentException("no host");
        }
        this.origin = this.url.getScheme() + "://" + this.url.getRawAuthority();
        this.http = new ManagementHttp("ActiveMQ's Jolokia at " + url, "is its web console running (it serves "
                + "Jolokia at http://HOST:8161/api/jolokia)?", user, password, TIMEOUT);
        try {
            this.body = Json.MAPPER.writeValueAsString(List.of(
                    Map.of("type", "read", "mbean", ActiveMqFigures.DESTINATIONS, "attribute", ActiveMqFigures.DESTINATION),
                    Map.of("type", "read", "mbean", ActiveMqFigures.BROKERS, "attribute", ActiveMqFigures.BROKER)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String source() {
        return "activemq Jolokia at " + url + " (destinations' counters over the point)";
    }

    @Override
    public BrokerReading read() throws ManagementUnavailable, InterruptedException {
        return BoundedRead.within(TIMEOUT, "activemq-jolokia", "ActiveMQ's Jolokia at " + url, this::readNow,
                cause -> cause instanceof ManagementUnavailable m ? m
                        : new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " could not be read (" + cause + ")"));
    }

    private BrokerReading readNow() throws ManagementUnavailable, InterruptedException {
        return reading(http.send(HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                .header("Origin", origin).POST(HttpRequest.BodyPublishers.ofString(body))));
    }

    /** What the endpoint answered: the figures, or the sentence the user gets. */
    private BrokerReading reading(ManagementHttp.Answer response) throws ManagementUnavailable {
        String text = response.body();
        switch (response.status()) {
            case 200 -> {
            }
            case 401 -> throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " refused the login (401): "
                    + "set broker.management.user and password to a web console user's (admin/admin unless changed)");
            case 403 -> throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " refused "
                    + (http.hasLogin() ? "the user" : "a request without a login") + " (403): the web console "
                    + "lets only its admin role use /api (broker.management.user)");
            case 404 -> throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " is not there (404): the web "
                    + "console serves it at http://HOST:8161/api/jolokia");
            case 301, 302, 303, 307, 308 -> throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url
                    + " answered with a redirect (" + response.status() + ") to "
                    + response.headers().firstValue("Location").orElse("(no Location)") + ": give that as "
                    + "broker.management.url");
            default -> throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " answered HTTP "
                    + response.status() + ": " + response.abbreviated());
        }
        JsonNode answer;
        try {
            answer = Json.MAPPER.readTree(text);
        } catch (IOException e) {
            answer = null;
        }
        if (answer == null || !(answer.isArray() || answer.isObject() && answer.path("status").asInt() != 200)) {
            throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " answered with something other than "
                    + "Jolokia's JSON (is the URL Jolokia's, http://HOST:8161/api/jolokia?): " + response.abbreviated());
        }
        if (answer.isObject()) {
            // the bulk request refused as a whole (its policy, a request it could not parse)
            throw refused(answer, "the request");
        }
        if (answer.size() != 2) {
            throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " answered " + answer.size()
                    + " responses to 2 requests: " + response.abbreviated());
        }
        ActiveMqFigures figures = new ActiveMqFigures();
        JsonNode destinations = answer.get(0);
        // a pattern that matches nothing is Jolokia's 404: a broker with no destination yet
        if (destinations.path("status").asInt() != 404) {
            for (Map.Entry<ObjectName, Map<String, Long>> d : mbeans(destinations, ActiveMqFigures.DESTINATIONS).entrySet()) {
                figures.destination(d.getKey(), d.getValue());
            }
        }
        JsonNode brokers = answer.get(1);
        if (brokers.path("status").asInt() == 404) {
            throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " has no ActiveMQ broker MBean ("
                    + ActiveMqFigures.BROKERS + "): is it the broker's JVM, with useJmx=\"true\" (the default)?");
        }
        for (Map.Entry<ObjectName, Map<String, Long>> b : mbeans(brokers, ActiveMqFigures.BROKERS).entrySet()) {
            figures.broker(b.getKey(), b.getValue());
        }
        return figures.reading();
    }

    /** Each queue's purge operation, its MBean found by a search (the broker's name is not known here). */
    @Override
    public long purge(Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        long purged = 0;
        for (Map.Entry<String, Long> d : destinations.entrySet()) {
            JsonNode found = call(Map.of("type", "search", "mbean", ActiveMqFigures.queue(d.getKey()).toString()));
            for (JsonNode mbean : found.path("value")) {
                call(Map.of("type", "exec", "mbean", mbean.asText(), "operation", "purge"));
                purged += d.getValue();
            }
        }
        return purged;
    }

    /** One Jolokia request answered with status 200, or the sentence why not. */
    private JsonNode call(Map<String, String> request) throws ManagementUnavailable, InterruptedException {
        ManagementHttp.Answer response;
        try {
            response = http.send(HttpRequest.newBuilder(url).header("Content-Type", "application/json")
                    .header("Origin", origin).POST(HttpRequest.BodyPublishers.ofString(
                            Json.MAPPER.writeValueAsString(request))));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        JsonNode answer;
        try {
            answer = response.status() == 200 ? Json.MAPPER.readTree(response.body()) : null;
        } catch (IOException e) {
            answer = null;
        }
        if (answer == null || answer.path("status").asInt() != 200) {
            throw answer == null ? new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " answered "
                    + request.get("type") + " with HTTP " + response.status() + ": " + response.abbreviated())
                    : refused(answer, request.get("type") + " " + request.get("mbean"));
        }
        return answer;
    }

    /** A pattern read's value: each MBean's numeric attributes. */
    private Map<ObjectName, Map<String, Long>> mbeans(JsonNode response, String pattern) throws ManagementUnavailable {
        if (response.path("status").asInt() != 200) {
            throw refused(response, "reading " + pattern);
        }
        Map<ObjectName, Map<String, Long>> mbeans = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = response.path("value").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> mbean = it.next();
            Map<String, Long> values = new HashMap<>();
            mbean.getValue().fields().forEachRemaining(a -> {
                if (a.getValue().isNumber()) {
                    values.put(a.getKey(), a.getValue().asLong());
                }
            });
            try {
                mbeans.put(new ObjectName(mbean.getKey()), values);
            } catch (MalformedObjectNameException e) {
                throw new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " named an MBean '" + mbean.getKey()
                        + "', which is not an MBean name (" + e.getMessage() + ")");
            }
        }
        return mbeans;
    }

    /** Jolokia's own error (status, error) as the sentence for the user; 403 is its policy's refusal. */
    private ManagementUnavailable refused(JsonNode response, String what) {
        int status = response.path("status").asInt();
        String error = response.path("error").asText("(no error given)");
        if (status == 403) {
            return new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " refused " + what + " (403: " + error
                    + "): its policy, jolokia-access.xml, must let this host read org.apache.activemq:* and, where "
                    + "<cors> has allow-origin entries, allow the origin jmsbench sends, " + origin);
        }
        return new ManagementUnavailable("ActiveMQ's Jolokia at " + url + " answered " + what + " with status " + status
                + ": " + error);
    }
}
