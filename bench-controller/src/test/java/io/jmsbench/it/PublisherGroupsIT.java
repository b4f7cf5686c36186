package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two publisher groups end to end on the embedded ActiveMQ: small messages at one fixed rate and
 * large ones at another, a subscriber for everything (audited alone) and one whose selector matches
 * the first group only (audited on the first group's streams, issue 44). Each group sends at its own rate, the expected grade is each group's
 * sent messages times its own grade, and every receipt comes.
 */
@Timeout(180)
@NeedsAnIdleMachine
class PublisherGroupsIT {

    private static final String SCENARIO = """
            name: groups
            broker: {embedded: activemq, persistent: false}
            provider: openwire
            destination: {type: topic, name: bench.groups}
            message: {size: 256, properties: 1, values: small}
            publishers:
              - {name: small, clients: 2, rate: 400}
              - {name: large, clients: 1, rate: 40, message: {size: 16384, values: large}}
            subscribers:
              - {clients: 1}
              - {clients: 1, selector: "P1 = 'small'"}
            delivery: {persistent: false, ack: auto}
            phases: {warmup: 2s, measure: 6s, drain: 10s}
            """;

    @TempDir
    Path work;

    @Test
    void eachGroupSendsAtItsRateAndTheGradeFollowsEachGroupsMessages() throws Exception {
        Path scenario = Files.writeString(work.resolve("groups.yaml"), SCENARIO);
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(150), "run", scenario.toString(), "--out",
                out.toString());
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("group small: 2 clients, rate 400, sent "), run.stdout());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "groups")).path("points").get(0);
        assertEquals("valid", point.path("verdict").asText(), point.path("findings").toString());

        JsonNode groups = point.path("publisherGroups");
        assertEquals(2, groups.size(), groups.toString());
        assertEquals("small", groups.get(0).path("name").asText());
        assertEquals(400, groups.get(0).path("rate").asDouble(), 400 * 0.03, groups.toString());
        assertEquals(40, groups.get(1).path("rate").asDouble(), 40 * 0.03, groups.toString());
        assertEquals(16384 * groups.get(1).path("rate").asDouble(), groups.get(1).path("payloadRate").asDouble(), 1e-6);

        long small = 0;
        long large = 0;
        for (JsonNode c : point.path("totals").path("publisherClients")) {
            if (c.path("client").asText().equals("pub-2")) {
                large += c.path("messages").asLong();
            } else {
                small += c.path("messages").asLong();
            }
        }
        JsonNode totals = point.path("totals");
        assertTrue(small > 0 && large > 0, totals.toString());
        assertEquals(small + large, totals.path("sent").asLong(), totals.toString());
        assertEquals(2 * small + large, totals.path("received").asLong(),
                "every small message twice, every large one once: " + totals);
        JsonNode grade = point.path("replicationGrade");
        assertEquals((2.0 * small + large) / (small + large), grade.path("expected").asDouble(), 1e-9, grade.toString());
        assertEquals(grade.path("expected").asDouble(), grade.path("measured").asDouble(), 1e-9, grade.toString());

        JsonNode audit = point.path("audit");
        // issue 44: the selector's subscriber is audited too, on the part of the streams it takes
        assertEquals(2, audit.path("auditedSubscribers").asInt(), "both subscribers audited: " + audit);
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals(0, audit.path("unexpected").asLong(), audit.toString());
    }
}
