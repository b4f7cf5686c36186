package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A subscriber group leaving early on the embedded ActiveMQ (moved from {@link ConsumerScheduleIT}):
 * what it asserts is who took what (the leaving group some, the staying one more, all of them
 * together everything sent) and a complete drain, none of which depends on an idle host, so it runs
 * beside other classes.
 */
@Timeout(240)
@SharesTheMachine
class LeavingConsumersIT {

    private static final int RATE = 200;

    @TempDir
    Path work;

    @Test
    void aGroupLeavingEarlyLeavesItsShareToTheGroupThatStays() throws Exception {
        Path scenario = Files.writeString(work.resolve("leaving.yaml"), """
                name: leaving
                broker: {embedded: activemq, persistent: false}
                destination: {type: queue, name: bench.leaving}
                publishers: {clients: 1, rate: %d}
                subscribers:
                  - {clients: 1, stop: 3s}
                  - {clients: 1}
                phases: {warmup: 2s, measure: 6s, drain: 20s}
                """.formatted(RATE));
        Path run = run(scenario.toString(), "leaving");
        JsonNode point = Reports.read(run).path("points").get(0);
        JsonNode clients = point.path("totals").path("subscriberClients");
        long leaving = clients.get(0).path("messages").asLong();
        long staying = clients.get(1).path("messages").asLong();
        long sent = point.path("totals").path("sent").asLong();
        assertTrue(leaving > 0 && leaving < staying, clients.toString());
        // auto acknowledgement: what the leaving consumer had prefetched and not taken goes to the other
        assertTrue(leaving + staying >= sent, clients + " of " + sent);
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        assertFalse(codes(point).contains("BACKLOG_NOT_DRAINED"), codes(point).toString());
    }

    private Path run(String scenario, String name) throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(180), "run", scenario, "--out", out.toString());
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        return Reports.onlyRunDirectory(out, name);
    }

    private static List<String> codes(JsonNode point) {
        List<String> codes = new ArrayList<>();
        point.path("findings").forEach(f -> codes.add(f.path("code").asText()));
        return codes;
    }
}
