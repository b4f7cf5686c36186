package io.jmsbench.scenario;

import io.jmsbench.scenario.FilterSpec.AndPosition;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The selectors generated from filter specs: the paper's filter families (§4.2–4.5), as exact text. */
@Timeout(60)
class FiltersTest {

    private static Scenario scenario(String yaml) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "test.yaml", "test", List.of());
    }

    /** Every client's selector of every group, in group order, each checked against the broker's grammar. */
    private static List<String> selectors(String yaml) throws ScenarioException {
        List<String> selectors = new ArrayList<>();
        for (SubscriberGroup group : scenario(yaml).subscribers()) {
            for (int c = 0; c < group.clients(); c++) {
                String selector = Filters.selector(group, c);
                if (selector != null) {
                    assertDoesNotThrow(() -> Selectors.parse(selector), selector);
                }
                selectors.add(selector);
            }
        }
        return selectors;
    }

    private static String and(int n, AndPosition position, int client, int clients) {
        String selector = Filters.filter(new FilterSpec(null, null, null, n, position), client - 1, clients).selector();
        assertDoesNotThrow(() -> Selectors.parse(selector), selector);
        return selector;
    }

    /** The paper's AND filter of length n with "#j" at 1-based position {@code at}, "#0" elsewhere. */
    private static String andExpected(int n, int at, int j) {
        List<String> parts = new ArrayList<>();
        for (int p = 1; p <= n; p++) {
            parts.add("P" + p + " = '" + (p == at ? "#" + j : "#0") + "'");
        }
        return String.join(" AND ", parts);
    }

    @Test
    void equalityOnAPropertyIsTheSameForEveryClient() throws ScenarioException {
        assertEquals(List.of("P1 = '#0'", "P1 = '#0'", "P1 = '#0'"), selectors("""
                subscribers:
                  - {clients: 3, filter: {on: P1, equals: "#0"}}
                """));
    }

    @Test
    void clientIndexPlaceholderGivesEachClientItsOwnValue() throws ScenarioException {
        assertEquals(List.of("P1 = '#1'", "P1 = '#2'", "P1 = '#3'"), selectors("""
                subscribers:
                  - {clients: 3, filter: {on: P1, equals: "#{i}"}}
                """));
    }

    @Test
    void clientIndexCountsWithinItsOwnGroup() throws ScenarioException {
        assertEquals(List.of("P1 = '#1'", "P1 = '#2'", "P2 = 'x#1'"), selectors("""
                subscribers:
                  - {clients: 2, filter: {on: P1, equals: "#{i}"}}
                  - {clients: 1, filter: {on: P2, equals: "x#{i}"}}
                """));
    }

    @Test
    void correlationIdEqualityUsesTheJmsHeaderName() throws ScenarioException {
        assertEquals(List.of("JMSCorrelationID = '#0'", "JMSCorrelationID = '#0'"), selectors("""
                subscribers:
                  - {clients: 2, filter: {on: correlationId, equals: "#0"}}
                """));
    }

    @Test
    void clientIndexPlaceholderOnCorrelationId() {
        assertEquals("JMSCorrelationID = '#2'",
                Filters.filter(new FilterSpec("correlationId", "#{i}", null, null, null), 1, 3).selector());
        assertEquals("JMSCorrelationID = '''#1'''",
                Filters.filter(new FilterSpec("correlationId", "'#{i}'", null, null, null), 0, 1).selector());
    }

    @Test
    void anyOfGivesEachClientItsOwnBlockOfValues() throws ScenarioException {
        // §4.3 (2): subscriber j (0-based) ORs over #(j*b+1) .. #(j*b+b), b = n / clients = 2
        assertEquals(List.of(
                "P1 = '#1' OR P1 = '#2'",
                "P1 = '#3' OR P1 = '#4'",
                "P1 = '#5' OR P1 = '#6'",
                "P1 = '#7' OR P1 = '#8'",
                "P1 = '#9' OR P1 = '#10'"), selectors("""
                message: {properties: 1}
                subscribers:
                  - {clients: 5, filter: {on: P1, anyOf: 10}}
                """));
    }

    @Test
    void anyOfFollowsTheFormulaForEveryClient() {
        for (int j = 0; j < 5; j++) {
            assertEquals("P1 = '#" + (2 * j + 1) + "' OR P1 = '#" + (2 * j + 2) + "'",
                    Filters.filter(new FilterSpec("P1", null, 10, null, null), j, 5).selector());
        }
    }

    @Test
    void anyOfOnCorrelationId() throws ScenarioException {
        assertEquals(List.of("JMSCorrelationID = '#1'", "JMSCorrelationID = '#2'"), selectors("""
                subscribers:
                  - {clients: 2, filter: {on: correlationId, anyOf: 2}}
                """));
    }

    @Test
    void andFirstIsThePapersSeriesOne() {
        // §4.4 (1): subscriber j: P1 = #j, P2 = #0, ..., Pn = #0
        assertEquals("P1 = '#1' AND P2 = '#0' AND P3 = '#0' AND P4 = '#0' AND P5 = '#0'",
                and(5, AndPosition.FIRST, 1, 10));
        assertEquals("P1 = '#10' AND P2 = '#0' AND P3 = '#0' AND P4 = '#0' AND P5 = '#0'",
                and(5, AndPosition.FIRST, 10, 10));
        for (int j = 1; j <= 10; j++) {
            assertEquals(andExpected(5, 1, j), and(5, AndPosition.FIRST, j, 10));
        }
    }

    @Test
    void andLastIsThePapersSeriesThree() {
        // §4.4 (3): subscriber j: P1 = #0, ..., Pn = #j
        assertEquals("P1 = '#0' AND P2 = '#0' AND P3 = '#0' AND P4 = '#0' AND P5 = '#7'",
                and(5, AndPosition.LAST, 7, 10));
        for (int j = 1; j <= 10; j++) {
            assertEquals(andExpected(5, 5, j), and(5, AndPosition.LAST, j, 10));
        }
    }

    @Test
    void andMiddleWithOddLengthUsesTheCentreForEveryClient() {
        // §4.4 (2), n odd: P_{(n+1)/2} = #j
        assertEquals("P1 = '#0' AND P2 = '#0' AND P3 = '#1' AND P4 = '#0' AND P5 = '#0'",
                and(5, AndPosition.MIDDLE, 1, 10));
        assertEquals("P1 = '#0' AND P2 = '#0' AND P3 = '#10' AND P4 = '#0' AND P5 = '#0'",
                and(5, AndPosition.MIDDLE, 10, 10));
        for (int j = 1; j <= 10; j++) {
            assertEquals(andExpected(5, 3, j), and(5, AndPosition.MIDDLE, j, 10));
        }
    }

    @Test
    void andMiddleWithEvenLengthSplitsTheClientsInHalves() {
        // §4.4 (2), n even: j <= m/2 uses P_{n/2}, j > m/2 uses P_{n/2+1}
        assertEquals("P1 = '#0' AND P2 = '#5' AND P3 = '#0' AND P4 = '#0'", and(4, AndPosition.MIDDLE, 5, 10));
        assertEquals("P1 = '#0' AND P2 = '#0' AND P3 = '#6' AND P4 = '#0'", and(4, AndPosition.MIDDLE, 6, 10));
        for (int j = 1; j <= 10; j++) {
            assertEquals(andExpected(4, j <= 5 ? 2 : 3, j), and(4, AndPosition.MIDDLE, j, 10));
            assertEquals(andExpected(10, j <= 5 ? 5 : 6, j), and(10, AndPosition.MIDDLE, j, 10));
        }
        assertEquals("P1 = '#1' AND P2 = '#0'", and(2, AndPosition.MIDDLE, 1, 10));
        assertEquals("P1 = '#0' AND P2 = '#10'", and(2, AndPosition.MIDDLE, 10, 10));
    }

    @Test
    void andOfLengthOneIsTheSameAtEveryPosition() {
        for (AndPosition position : AndPosition.values()) {
            assertEquals("P1 = '#3'", and(1, position, 3, 10), position.name());
        }
    }

    @Test
    void andFilterFromAScenarioFile() throws ScenarioException {
        assertEquals(List.of(
                "P1 = '#0' AND P2 = '#1' AND P3 = '#0' AND P4 = '#0'",
                "P1 = '#0' AND P2 = '#0' AND P3 = '#2' AND P4 = '#0'"), selectors("""
                message: {properties: 4}
                subscribers:
                  - {clients: 2, filter: {and: 4, position: middle}}
                """));
    }

    @Test
    void andPositionDefaultsToFirst() throws ScenarioException {
        assertEquals(List.of("P1 = '#1' AND P2 = '#0'", "P1 = '#2' AND P2 = '#0'"), selectors("""
                subscribers:
                  - {clients: 2, filter: {and: 2}}
                """));
    }

    @Test
    void singleQuoteInAValueIsDoubled() throws ScenarioException {
        assertEquals(List.of("P1 = 'it''s'"), selectors("""
                subscribers:
                  - {clients: 1, filter: {on: P1, equals: "it's"}}
                """));
        assertEquals("JMSCorrelationID = '''#0'''",
                Filters.filter(new FilterSpec("correlationId", "'#0'", null, null, null), 0, 1).selector());
        assertEquals("P1 = ''''", Filters.filter(new FilterSpec("P1", "'", null, null, null), 0, 1).selector());
    }

    @Test
    void rawSelectorWinsAndNoFilterGivesNull() throws ScenarioException {
        assertEquals(java.util.Arrays.asList("P2 = 'a'", "P2 = 'a'", null), selectors("""
                subscribers:
                  - {clients: 2, selector: "P2 = 'a'"}
                  - {clients: 1}
                """));
        assertNull(Filters.selector(SubscriberGroup.of(1, null), 0));
    }

    @Test
    void everyGeneratedSelectorParses() {
        List<FilterSpec> specs = new ArrayList<>();
        specs.add(new FilterSpec("P1", "#0", null, null, null));
        specs.add(new FilterSpec("P1", "#{i}", null, null, null));
        specs.add(new FilterSpec("correlationId", "#{i}", null, null, null));
        specs.add(new FilterSpec("P7", "a 'quoted' #{i}", null, null, null));
        for (int anyOf : new int[] {10, 20, 50}) {
            specs.add(new FilterSpec("P1", null, anyOf, null, null));
            specs.add(new FilterSpec("correlationId", null, anyOf, null, null));
        }
        for (int n : new int[] {1, 2, 3, 5, 10, 15, 20, 25}) {
            for (AndPosition position : AndPosition.values()) {
                specs.add(new FilterSpec(null, null, null, n, position));
            }
        }
        int parsed = 0;
        for (FilterSpec spec : specs) {
            for (int c = 0; c < 10; c++) {
                String selector = Filters.filter(spec, c, 10).selector();
                assertDoesNotThrow(() -> Selectors.parse(selector), selector);
                parsed++;
            }
        }
        assertEquals(specs.size() * 10, parsed);
    }
}
