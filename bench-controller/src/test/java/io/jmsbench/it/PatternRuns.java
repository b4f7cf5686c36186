package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.verdict.FindingCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every shipped pattern's short run and what its report must show, for {@link PatternsIT} (on the
 * embedded ActiveMQ) and {@link ArtemisPatternsIT} (on the embedded Artemis).
 */
final class PatternRuns {

    private PatternRuns() {
    }

    /** What each pattern's report must show, and the overrides that make it short. */
    private record Pattern(Set<Evidence> evidence, List<String> overrides) {
    }

    private enum Evidence { TARGET, BACKLOG, SIZES, GROUPS, EXPIRED, MESSAGE_GROUPS, ROUND_TRIP, SHARED_CONNECTIONS }

    /**
     * 4 s of publishing: every evidence below shows within it (a backlog from the first second, a
     * 1 s time to live from the third); the 24 runs' time goes mostly to their JVMs' start-up.
     */
    private static final List<String> SHORT = List.of("phases.warmup=1s", "phases.measure=3s", "phases.drain=30s");

    private static final Map<String, Pattern> PATTERNS = Map.ofEntries(
            // 7 s of publishing: the first burst, at 5 s, within it
            Map.entry("bursts", new Pattern(EnumSet.of(Evidence.TARGET), List.of("phases.measure=6s"))),
            Map.entry("ramp", new Pattern(EnumSet.of(Evidence.TARGET), List.of())),
            Map.entry("steps", new Pattern(EnumSet.of(Evidence.TARGET), List.of())),
            Map.entry("mixed-sizes", new Pattern(EnumSet.of(Evidence.SIZES), List.of())),
            Map.entry("real-payloads", new Pattern(EnumSet.of(Evidence.SIZES), List.of())),
            Map.entry("slow-consumer", new Pattern(EnumSet.of(Evidence.BACKLOG), List.of())),
            Map.entry("two-groups", new Pattern(EnumSet.of(Evidence.GROUPS), List.of())),
            Map.entry("iot", new Pattern(EnumSet.of(Evidence.SHARED_CONNECTIONS), List.of())),
            Map.entry("request-reply", new Pattern(EnumSet.of(Evidence.ROUND_TRIP), List.of())),
            Map.entry("late-consumers", new Pattern(EnumSet.of(Evidence.BACKLOG),
                    List.of("subscribers[0].start=2s", "publishers.rate=200"))),
            Map.entry("ttl", new Pattern(EnumSet.of(Evidence.BACKLOG, Evidence.EXPIRED), List.of())),
            Map.entry("message-groups", new Pattern(EnumSet.of(Evidence.MESSAGE_GROUPS), List.of())));

    /** Codes that mean a message was lost, doubled or never arrived: never acceptable in a pattern's run. */
    private static final Set<FindingCode> MESSAGES_WRONG = EnumSet.of(FindingCode.PERSISTENT_MESSAGES_LOST,
            FindingCode.REQUESTS_UNANSWERED, FindingCode.REQUESTS_UNANSWERED_ALLOWED,
            FindingCode.DUPLICATES, FindingCode.DRAIN_TIMEOUT, FindingCode.DRAIN_INCOMPLETE,
            FindingCode.REPLICATION_GRADE_MISMATCH, FindingCode.BACKLOG_NOT_DRAINED, FindingCode.SEND_ERRORS,
            FindingCode.RECEIVE_ERRORS);

    private static Path patterns() {
        return Jmsbench.SCENARIOS.resolve("patterns");
    }

    /**
     * Runs the shipped pattern {@code name} in short on the embedded {@code broker} (activemq over OpenWire,
     * artemis over its core protocol) under {@code work}, and checks every point of its report.
     */
    static void runAndCheck(Path work, String name, String broker) throws Exception {
        Pattern pattern = PATTERNS.get(name);
        Path out = work.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", patterns().resolve(name + ".yaml").toString(), "--out",
                out.toString(), "--set", "broker.embedded=" + broker, "--set",
                "provider=" + (broker.equals("artemis") ? "core" : "openwire")));
        for (String set : SHORT) {
            args.addAll(List.of("--set", set));
        }
        for (String set : pattern.overrides()) {
            args.addAll(List.of("--set", set));
        }
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(240), args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        Path directory = Reports.onlyRunDirectory(out, name);
        KeptRuns.keep(directory, "pattern-" + name + "-" + broker);
        JsonNode points = Reports.read(directory).path("points");
        for (JsonNode point : points) {
            checkPoint(name, broker, pattern, point);
        }
    }

    /** The shipped patterns' names, in order: one run of each per broker. */
    static Stream<String> names() {
        return new TreeSet<>(PATTERNS.keySet()).stream();
    }

    /** The shipped patterns (scenarios/patterns/*.yaml) by name. */
    static Set<String> shipped() throws IOException {
        Set<String> shipped = new TreeSet<>();
        try (Stream<Path> files = Files.list(patterns())) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
                    .forEach(n -> shipped.add(n.substring(0, n.length() - ".yaml".length())));
        }
        return shipped;
    }

    /** What every point of a pattern's run must show. */
    private static void checkPoint(String name, String broker, Pattern pattern, JsonNode point) {

        List<String> wrong = new ArrayList<>();
        for (JsonNode f : point.path("findings")) {
            if (MESSAGES_WRONG.contains(FindingCode.valueOf(f.path("code").asText()))) {
                wrong.add(f.path("text").asText());
            }
        }
        assertEquals(List.of(), wrong, name + " on " + broker);
        JsonNode audit = point.path("audit");
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());

        JsonNode samples = point.path("samples");
        if (pattern.evidence().contains(Evidence.TARGET)) {
            assertTrue(has(samples, "targetSendRate"), name + ": a profile's target in the samples");
        }
        if (pattern.evidence().contains(Evidence.BACKLOG)) {
            assertTrue(has(samples, "backlog"), name + ": the backlog in the samples");
            assertTrue(point.path("backlog").path("peak").asLong() > 0, point.path("backlog").toString());
        }
        if (pattern.evidence().contains(Evidence.SIZES)) {
            JsonNode histogram = point.path("sizes").path("histogram");
            assertTrue(histogram.isObject(), name + ": the sizes sent: " + point.path("sizes"));
        }
        if (pattern.evidence().contains(Evidence.GROUPS)) {
            assertEquals(2, point.path("publisherGroups").size(), name + ": each group's rate: " + point);
        }
        if (pattern.evidence().contains(Evidence.SHARED_CONNECTIONS)) {
            String shared = point.path("environment").path("providerSettings").path("sharedConnections").asText();
            assertEquals("10 for 1000 clients", shared, name + ": the clients' shared connections");
            assertEquals(100, audit.path("auditedSubscribers").asInt(), audit.toString());
        }
        if (pattern.evidence().contains(Evidence.EXPIRED)) {
            // the broker's own expired count explains every missing message: expired, none lost
            JsonNode expiry = point.path("expiry");
            assertTrue(expiry.path("expired").asLong() > 0, name + ": messages expired: " + expiry);
            assertEquals(expiry.path("missing").asLong(), expiry.path("expired").asLong(), expiry.toString());
            assertEquals(0, expiry.path("lost").asLong(), expiry.toString());
        }
        if (pattern.evidence().contains(Evidence.MESSAGE_GROUPS)) {
            JsonNode groups = audit.path("groups");
            assertEquals(8, groups.path("received").asInt(), name + ": every group received: " + groups);
            assertEquals(0, groups.path("split").asInt(), name + ": each group on one consumer: " + groups);
            assertEquals(point.path("totals").path("received").asLong(), groups.path("messages").asLong(),
                    name + ": every message received in its group: " + groups);
        }
        if (pattern.evidence().contains(Evidence.ROUND_TRIP)) {
            JsonNode roundTrip = point.path("roundTrip");
            assertTrue(roundTrip.path("requests").asLong() > 0, name + ": requests sent: " + roundTrip);
            assertEquals(roundTrip.path("requests").asLong(), roundTrip.path("replies").asLong(),
                    name + ": a reply to every request: " + roundTrip);
            assertEquals(0, roundTrip.path("unanswered").asLong(), roundTrip.toString());
            assertTrue(roundTrip.path("latency").path("count").asLong() > 0, name + ": round trips: " + roundTrip);
            assertTrue(roundTrip.path("latency").path("p50").asDouble() > 0, roundTrip.toString());
            System.out.printf("%s on %s, %s: round trip p50 %.0f µs, p99 %.0f µs, p99.9 %.0f µs%n", name, broker,
                    point.path("parameters").path("case").asText(), roundTrip.path("latency").path("p50").asDouble(),
                    roundTrip.path("latency").path("p99").asDouble(), roundTrip.path("latency").path("p999").asDouble());
        }
        System.out.printf("%s on %s: %s, received %.0f msgs/s%n", name, broker, point.path("verdict").asText(),
                point.path("received").path("rate").asDouble());
    }

    private static boolean has(JsonNode samples, String key) {
        for (JsonNode s : samples) {
            if (s.has(key)) {
                return true;
            }
        }
        return false;
    }
}
