package io.jmsbench.report;

import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cases times compared sets, pivoted into the seeds' comparison layout. */
class ComparisonTableTest {

    private static final String SCENARIO = """
            name: side-by-side
            phases: {warmup: 1s, measure: 10s, drain: 5s}
            cases:
              - {name: "Test 1", set: {delivery.persistent: false}}
              - {name: "Test 2", set: {delivery.persistent: true}}
            compare:
              - {name: "ActiveMQ / OpenWire", set: {provider: openwire}}
              - {name: "ActiveMQ / AMQP", set: {provider: amqp}}
            """;

    @Test
    void casesAreRowsAndComparedSetsAreColumnsInTheOrderWritten() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan(SCENARIO, "compare.yaml", "compare", List.of());
        assertEquals(4, plan.points().size());
        assertEquals("Test 1", plan.points().get(1).parameters().get("case"));
        assertEquals("ActiveMQ / AMQP", plan.points().get(1).parameters().get("compare"));
        assertEquals(io.jmsbench.scenario.Provider.AMQP, plan.points().get(1).scenario().provider());
        assertTrue(plan.points().get(3).scenario().delivery().persistent());

        double[] rates = {40_000, 30_000, 9_000, 8_000};
        List<List<PointResult>> byPoint = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            byPoint.add(List.of(SweepTableTest.run(plan.points().get(i).parameters(), 1, rates[i], 1, 1.0, 1.5,
                    i == 3 ? List.of("drain ended quiet") : List.of())));
        }
        Report report = SweepTableTest.report(plan, byPoint);

        assertTrue(ComparisonTable.applies(report));
        // one repeat: the window's own interval (rate / 20 in these runs); the invalid cell keeps its figure
        assertEquals("""
                | case | ActiveMQ / OpenWire | ActiveMQ / AMQP |
                |---|---:|---:|
                | Test 1 | 40,000 ± 2,000 | 30,000 ± 1,500 |
                | Test 2 | 9,000 ± 450 | 8,000 ± 400 INVALID |
                """, ComparisonTable.render(report));
    }

    @Test
    void aSweptProviderMakesTheColumnsWhenNothingIsNamedForComparison() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan("""
                phases: {warmup: 1s, measure: 10s, drain: 5s}
                sweep:
                  publishers.clients: [1, 2]
                  provider: [openwire, amqp]
                """, "sweep.yaml", "sweep", List.of());
        List<List<PointResult>> byPoint = new ArrayList<>();
        for (ScenarioPlan.Point p : plan.points()) {
            byPoint.add(List.of(SweepTableTest.run(p.parameters(), 1, 1000 * (p.index() + 1), 1, 1.0, 1.5, List.of())));
        }
        String table = ComparisonTable.render(SweepTableTest.report(plan, byPoint));

        assertEquals("""
                | publishers.clients | openwire | amqp |
                |---|---:|---:|
                | 1 | 1,000 ± 50 | 2,000 ± 100 |
                | 2 | 3,000 ± 150 | 4,000 ± 200 |
                """, table);
    }

    @Test
    void aSweepOfOtherFieldsComparesNothing() throws ScenarioException {
        assertFalse(ComparisonTable.applies(SweepTableTest.twoPointsTwoRepeats()));
    }

    @Test
    void aSearchCannotBeCompared() {
        ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parsePlan("""
                        publishers: {clients: 1}
                        search: {latency: {p99: 10ms}}
                        compare:
                          - {name: a, set: {provider: amqp}}
                        """, "s.yaml", "s", List.of()));
        assertTrue(e.getMessage().contains("expected no compare with search"), e.getMessage());
    }
}
