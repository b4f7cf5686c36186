package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class PublisherConnectionRulesTest {

    private static Scenario parse(String publishers, String... more) throws ScenarioException {
        return ScenarioLoader.parse("name: x\npublishers: " + publishers + "\n" + String.join("\n", more),
                "test.yaml", "test", List.of());
    }

    private static List<Problem> problems(String publishers, String... more) {
        return assertThrows(ScenarioException.class, () -> parse(publishers, more)).problems();
    }

    @Test
    void connectionsAreReadAndAbsentMeansAConnectionPerClient() throws ScenarioException {
        PublisherSpec shared = parse("{clients: 1000, rate: 100, connections: 10}").publishers();
        assertEquals(10, shared.connections());
        assertTrue(shared.sharesConnections());
        PublisherSpec own = parse("{clients: 10, rate: 100}").publishers();
        assertNull(own.connections());
        assertFalse(own.sharesConnections());
    }

    @Test
    void aSaturatedRateIsRefusedWithItsReasonAtConnections() {
        assertEquals(List.of(new Problem("test.yaml", 2, 52, "publishers.connections",
                        "expected connections only with a fixed rate, a rate profile or sustainable (a saturated "
                                + "client sends on a thread of its own, as without connections), found rate: max")),
                problems("{clients: 100, rate: max, connections: 4}"));
    }

    @Test
    void moreConnectionsThanClientsTransactionsAndVaryingSizesAreRefused() {
        List<Problem> found = problems("{clients: 2, rate: 10, connections: 3}",
                "delivery: {ack: transacted}", "message: {size: {uniform: [100, 200]}}");
        List<String> messages = found.stream().map(Problem::message).toList();
        assertEquals(3, found.size(), messages.toString());
        assertTrue(messages.get(0).startsWith("expected at most one connection per client (2 clients), found 3"),
                messages.toString());
        assertTrue(messages.get(1).contains("found ack: transacted"), messages.toString());
        assertTrue(messages.get(2).contains("found message sizes that vary"), messages.toString());
        assertTrue(found.stream().allMatch(p -> p.field().equals("publishers.connections")), found.toString());
    }

    @Test
    void aListOfGroupsDoesNotTakeConnections() {
        List<Problem> found = problems("\n  - {clients: 10, rate: 10, connections: 2}");
        assertEquals(1, found.size(), found.toString());
        assertEquals("publishers[0].connections", found.get(0).field());
        assertTrue(found.get(0).message().startsWith("unknown field"), found.toString());
    }
}
