package io.jmsbench.workload;

import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
