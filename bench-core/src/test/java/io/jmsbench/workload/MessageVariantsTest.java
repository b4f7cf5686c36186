package io.jmsbench.workload;

import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.Selectors;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.read.ScenarioLoader;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.filter.BooleanExpression;
import org.apache.activemq.filter.MessageEvaluationContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The messages publishers send round robin, and that they give the replication grade the paper designed. */
@Timeout(60)
class MessageVariantsTest {

    private static Scenario scenario(String yaml) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "test.yaml", "test", List.of());
    }

    private static ActiveMQBytesMessage message(Scenario scenario, MessageVariant variant) throws JMSException {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        MessageTemplate.fill(message, scenario.message(), variant);
        return message;
    }

    /** For each variant, the 0-based indices of the clients of group {@code g} whose selector matches it. */
    private static List<List<Integer>> matches(Scenario scenario, int g) throws Exception {
        SubscriberGroup group = scenario.subscribers().get(g);
        List<BooleanExpression> selectors = new ArrayList<>();
        for (int c = 0; c < group.clients(); c++) {
            selectors.add(Selectors.parse(Filters.selector(group, c)));
        }
        List<List<Integer>> result = new ArrayList<>();
        for (MessageVariant variant : MessageVariants.of(scenario)) {
            MessageEvaluationContext context = new MessageEvaluationContext();
            context.setMessageReference(message(scenario, variant));
            List<Integer> matching = new ArrayList<>();
            for (int c = 0; c < selectors.size(); c++) {
                if (selectors.get(c).matches(context)) {
                    matching.add(c);
                }
            }
            result.add(matching);
        }
        return result;
    }

    /** Variant i matched by client i alone, for {@code clients} clients. */
    private static List<List<Integer>> oneEach(int clients) {
        List<List<Integer>> expected = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            expected.add(List.of(c));
        }
        return expected;
    }

    @Test
    void noVaryGivesOnePlainVariant() throws Exception {
        Scenario scenario = scenario("message: {properties: 2, correlationId: abc}\n");
        assertEquals(List.of(MessageVariant.PLAIN), MessageVariants.of(scenario));
        ActiveMQBytesMessage message = message(scenario, MessageVariant.PLAIN);
        assertEquals("#0", message.getStringProperty("P1"));
        assertEquals("#0", message.getStringProperty("P2"));
        assertNull(message.getStringProperty("P3"));
        assertEquals("abc", message.getJMSCorrelationID());
    }

    @Test
    void varyOnAPropertyGivesOneVariantPerValue() throws Exception {
        Scenario scenario = scenario("""
                message: {properties: 2, vary: {on: P1, from: 1, to: 4}}
                """);
        assertEquals(List.of(
                new MessageVariant(null, Map.of("P1", "#1")),
                new MessageVariant(null, Map.of("P1", "#2")),
                new MessageVariant(null, Map.of("P1", "#3")),
                new MessageVariant(null, Map.of("P1", "#4"))), MessageVariants.of(scenario));
        ActiveMQBytesMessage message = message(scenario, MessageVariants.of(scenario).get(2));
        assertEquals("#3", message.getStringProperty("P1"));
        assertEquals("#0", message.getStringProperty("P2"));
        assertNull(message.getJMSCorrelationID());
    }

    @Test
    void varyOnCorrelationIdSetsTheCorrelationId() throws Exception {
        Scenario scenario = scenario("""
                message: {properties: 1, correlationId: template, vary: {on: correlationId, from: 1, to: 3}}
                """);
        List<MessageVariant> variants = MessageVariants.of(scenario);
        assertEquals(List.of(
                new MessageVariant("#1", Map.of()),
                new MessageVariant("#2", Map.of()),
                new MessageVariant("#3", Map.of())), variants);
        assertEquals("#2", MessageVariants.correlationId(scenario.message(), variants.get(1)));
        assertEquals("template", MessageVariants.correlationId(scenario.message(), MessageVariant.PLAIN));
        ActiveMQBytesMessage message = message(scenario, variants.get(1));
        assertEquals("#2", message.getJMSCorrelationID());
        assertEquals("#0", message.getStringProperty("P1"));
    }

    @Test
    void matchGroupOfAnAndGroupMatchesEachClientInTurn() throws Exception {
        for (String position : List.of("first", "middle", "last")) {
            Scenario scenario = scenario("""
                    message: {properties: 25, vary: {matchGroup: 0}}
                    subscribers:
                      - {clients: 10, filter: {and: 4, position: %s}}
                    """.formatted(position));
            assertEquals(10, MessageVariants.of(scenario).size(), position);
            assertEquals(oneEach(10), matches(scenario, 0), position);
        }
    }

    @Test
    void andGroupsGiveReplicationGradeOneAtEveryPositionAndLength() throws ScenarioException {
        // §4.4: the corresponding messages, sent round robin, give r = 1 for every n and position
        for (String position : List.of("first", "middle", "last")) {
            for (int n : new int[] {1, 2, 5, 10, 25}) {
                Scenario scenario = scenario("""
                        message: {properties: 25, values: "#0", vary: {matchGroup: 0}}
                        subscribers:
                          - {clients: 10, filter: {and: %d, position: %s}}
                        """.formatted(n, position));
                assertEquals(10, MessageVariants.of(scenario).size(), position + " n=" + n);
                assertEquals(1.0, ExpectedReplication.of(scenario), position + " n=" + n);
            }
        }
    }

    @Test
    void andGroupsOfThePapersFig7SweepGiveReplicationGradeOne() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan("""
                message: {properties: 25, values: "#0", vary: {matchGroup: 0}}
                subscribers:
                  - {clients: 10, filter: {and: 1, position: first}}
                sweep:
                  subscribers[0].filter.position: [first, middle, last]
                  subscribers[0].filter.and: [1, 2, 3, 5, 10, 15, 20, 25]
                """, "test.yaml", "test", List.of());
        assertEquals(24, plan.points().size());
        for (ScenarioPlan.Point point : plan.points()) {
            assertEquals(1.0, ExpectedReplication.of(point.scenario()), point.parameters().toString());
            assertEquals(10, point.scenario().filters(), point.parameters().toString());
        }
    }

    @Test
    void orGroupGivesOneVariantPerValueAndGradeOne() throws Exception {
        Scenario scenario = scenario("""
                message: {properties: 1, vary: {matchGroup: 0}}
                subscribers:
                  - {clients: 5, filter: {on: P1, anyOf: 10}}
                """);
        List<MessageVariant> variants = MessageVariants.of(scenario);
        assertEquals(10, variants.size());
        for (int i = 0; i < 10; i++) {
            assertEquals(new MessageVariant(null, Map.of("P1", "#" + (i + 1))), variants.get(i));
        }
        List<List<Integer>> expected = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expected.add(List.of(i / 2));
        }
        assertEquals(expected, matches(scenario, 0));
        assertEquals(1.0, ExpectedReplication.of(scenario));
    }

    @Test
    void orGroupOnCorrelationIdGivesGradeOne() throws Exception {
        Scenario scenario = scenario("""
                message: {properties: 1, vary: {matchGroup: 0}}
                subscribers:
                  - {clients: 5, filter: {on: correlationId, anyOf: 20}}
                """);
        assertEquals(20, MessageVariants.of(scenario).size());
        assertEquals(new MessageVariant("#7", Map.of()), MessageVariants.of(scenario).get(6));
        assertEquals(1.0, ExpectedReplication.of(scenario));
    }

    @Test
    void perClientEqualityGroupGivesGradeOne() throws Exception {
        for (String on : List.of("P1", "correlationId")) {
            Scenario scenario = scenario("""
                    message: {properties: 1, vary: {matchGroup: 0}}
                    subscribers:
                      - {clients: 7, filter: {on: %s, equals: "#{i}"}}
                    """.formatted(on));
            assertEquals(7, MessageVariants.of(scenario).size(), on);
            assertEquals(oneEach(7), matches(scenario, 0), on);
            assertEquals(1.0, ExpectedReplication.of(scenario), on);
        }
    }

    @Test
    void matchGroupRefersToItsOwnGroupOnly() throws ScenarioException {
        // group 1 ORs over #1..#4 too, so each message reaches one client of each group: r = 2
        Scenario scenario = scenario("""
                message: {properties: 1, vary: {matchGroup: 0}}
                subscribers:
                  - {clients: 4, filter: {on: P1, equals: "#{i}"}}
                  - {clients: 2, filter: {on: P1, anyOf: 4}}
                """);
        assertEquals(4, MessageVariants.of(scenario).size());
        assertEquals(2.0, ExpectedReplication.of(scenario));
    }

    @Test
    void papersFig8DesignGivesGradeRAndFiltersRPlusMAdd() throws ScenarioException {
        // §4.5: r subscribers filter #0 (every message), m_add filter #1 (none); n_fltr = r + m_add
        ScenarioPlan plan = ScenarioLoader.parsePlan("""
                message: {properties: 1, values: "#0"}
                subscribers:
                  - {clients: 1, filter: {on: P1, equals: "#0"}}
                  - {clients: 5, filter: {on: P1, equals: "#1"}}
                sweep:
                  subscribers[0].clients: [1, 2, 5, 10, 20, 40]
                  subscribers[1].clients: [5, 10, 20, 40, 60, 80, 160]
                """, "test.yaml", "test", List.of());
        assertEquals(42, plan.points().size());
        for (ScenarioPlan.Point point : plan.points()) {
            long r = (Long) point.parameters().get("subscribers[0].clients");
            long mAdd = (Long) point.parameters().get("subscribers[1].clients");
            assertEquals((double) r, ExpectedReplication.of(point.scenario()), point.parameters().toString());
            assertEquals(r + mAdd, point.scenario().filters(), point.parameters().toString());
            assertEquals(List.of(MessageVariant.PLAIN), MessageVariants.of(point.scenario()));
        }
    }
}
