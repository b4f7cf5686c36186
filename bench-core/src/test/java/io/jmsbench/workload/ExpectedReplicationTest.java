package io.jmsbench.workload;

import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class ExpectedReplicationTest {

    private static double grade(String yaml) throws ScenarioException {
        Scenario scenario = ScenarioLoader.parse(yaml, "test.yaml", "test", List.of());
        return ExpectedReplication.of(scenario);
    }

    @Test
    void topicWithoutSelectorsCopiesToEverySubscriber() throws ScenarioException {
        assertEquals(3.0, grade("""
                destination: {type: topic}
                subscribers:
                  - {clients: 3}
                """));
    }

    @Test
    void topicCountsEverySubscriberOfEveryGroup() throws ScenarioException {
        assertEquals(5.0, grade("""
                destination: {type: topic}
                subscribers:
                  - {clients: 2}
                  - {clients: 3}
                """));
    }

    @Test
    void topicCountsOnlyMatchingSelectors() throws ScenarioException {
        assertEquals(2.0, grade("""
                destination: {type: topic}
                message: {properties: 1}
                subscribers:
                  - {clients: 2, selector: "P1 = '#0'"}
                  - {clients: 6, selector: "P1 = '#1'"}
                """));
    }

    @Test
    void selectorOnAPropertyTheMessageLacksMatchesNothing() throws ScenarioException {
        // properties: 0 (the default): P1 is absent, so P1 = '#0' is unknown, which does not match
        assertEquals(0.0, grade("""
                subscribers:
                  - {clients: 4, selector: "P1 = '#0'"}
                """));
    }

    @Test
    void queueDeliversOnceWhenAnySubscriberMatches() throws ScenarioException {
        assertEquals(1.0, grade("""
                destination: {type: queue}
                message: {properties: 1}
                subscribers:
                  - {clients: 2, selector: "P1 = '#0'"}
                  - {clients: 6, selector: "P1 = '#1'"}
                """));
        assertEquals(1.0, grade("""
                destination: {type: queue}
                subscribers:
                  - {clients: 5}
                """));
    }

    @Test
    void queueWithNoMatchingSubscriberDeliversNothing() throws ScenarioException {
        assertEquals(0.0, grade("""
                destination: {type: queue}
                message: {properties: 1}
                subscribers:
                  - {clients: 6, selector: "P1 = '#1'"}
                """));
    }

    @Test
    void deliveryModeSelectorFollowsDeliveryPersistent() throws ScenarioException {
        String subscribers = """
                subscribers:
                  - {clients: 3, selector: "JMSDeliveryMode = 'PERSISTENT'"}
                  - {clients: 1, selector: "JMSDeliveryMode = 'NON_PERSISTENT'"}
                """;
        assertEquals(3.0, grade("delivery: {persistent: true}\n" + subscribers));
        assertEquals(1.0, grade("delivery: {persistent: false}\n" + subscribers));
    }

    @Test
    void valueWithAQuoteMatchesTheMessageCarryingIt() throws ScenarioException {
        // the escaped selector selects the literal value, not a truncated or widened one
        assertEquals(2.0, grade("""
                message: {properties: 1, values: "it's"}
                subscribers:
                  - {clients: 2, filter: {on: P1, equals: "it's"}}
                  - {clients: 3, filter: {on: P1, equals: "it"}}
                """));
    }

    private static Scenario scenario(String yaml) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "test.yaml", "test", List.of());
    }

    private static final String TWO_GROUPS = """
            destination: {type: topic}
            message: {properties: 1, values: order}
            publishers:
              - {name: orders, clients: 2, rate: 300}
              - {name: audit, clients: 1, rate: 100, message: {values: audit}}
            subscribers:
              - {clients: 1}
              - {clients: 1, selector: "P1 = 'order'"}
            """;

    @Test
    void eachPublisherGroupHasTheGradeOfItsOwnMessages() throws ScenarioException {
        assertArrayEquals(new double[] {2.0, 1.0}, ExpectedReplication.perGroup(scenario(TWO_GROUPS)));
    }

    @Test
    void groupsAreWeightedByTheirFixedRatesAsAsked() throws ScenarioException {
        assertEquals((300 * 2.0 + 100 * 1.0) / 400, ExpectedReplication.of(scenario(TWO_GROUPS)), 1e-12);
    }

    @Test
    void expectedCopiesAreEachGroupsSentTimesItsGrade() {
        assertEquals(2.0 * 1000 + 1.0 * 50, ExpectedReplication.expectedCopies(new double[] {2.0, 1.0},
                new long[] {1000, 50}));
    }

    @Test
    void aSelectorMatchingOneGroupOnlyDoesNotMatchEveryVariant() throws ScenarioException {
        Scenario s = scenario(TWO_GROUPS);
        assertFalse(ExpectedReplication.matchesEveryVariant(s, "P1 = 'order'"));
        assertTrue(ExpectedReplication.matchesEveryVariant(s, "P1 IN ('order', 'audit')"));
    }

    @Test
    void aGroupsClientsKeepTheirPlaceInTheSpreadOverDestinations() throws ScenarioException {
        // publishers 0 and 1 (group a) send to bench.0 and bench.1, publisher 2 (group b) to bench.0,
        // where the only subscriber (subscriber 0) is
        Scenario s = scenario("""
                destination: {type: topic, name: bench, count: 2}
                publishers:
                  - {name: a, clients: 2}
                  - {name: b, clients: 1}
                subscribers:
                  - {clients: 1}
                """);
        assertArrayEquals(new double[] {0.5, 1.0}, ExpectedReplication.perGroup(s));
    }

    @Test
    void aSingleMappingIsOneGroupOfTheScenariosGrade() throws ScenarioException {
        Scenario s = scenario("""
                destination: {type: topic}
                publishers: {clients: 3, rate: 100}
                subscribers:
                  - {clients: 2}
                """);
        assertArrayEquals(new double[] {2.0}, ExpectedReplication.perGroup(s));
        assertEquals(2.0, ExpectedReplication.of(s));
    }
}
