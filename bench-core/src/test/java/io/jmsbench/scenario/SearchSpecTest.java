package io.jmsbench.scenario;

import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@code search:} as the loader reads it; its refusals are in ScenarioValidationTest, through the CLI. */
@Timeout(30)
class SearchSpecTest {

    private static ScenarioPlan plan(String text) throws ScenarioException {
        return ScenarioLoader.parsePlan(text, "test.yaml", "test", List.of());
    }

    @Test
    void readsEveryField() throws ScenarioException {
        ScenarioPlan plan = plan("search: {latency: p99.9, below: 10ms, from: 2500, until: 40000, maxPoints: 6}\n");

        assertEquals(new SearchSpec(SearchSpec.Percentile.P999, Duration.ofMillis(10), 2500, 40000.0, 6), plan.search());
        assertEquals(1, plan.points().size(), "the base scenario alone: the search chooses the points");
    }

    @Test
    void anEmptySearchIsAThroughputSearchFromTheDefaults() throws ScenarioException {
        ScenarioPlan plan = plan("search: {}\n");

        assertEquals(new SearchSpec(null, null, Defaults.SEARCH_FROM, null, Defaults.SEARCH_MAX_POINTS), plan.search());
    }

    @Test
    void untilMaxIsNoBound() throws ScenarioException {
        assertNull(plan("search: {latency: p50, below: 1s, until: max}\n").search().until());
    }

    @Test
    void aScenarioWithoutSearchHasNone() throws ScenarioException {
        assertNull(plan("name: x\n").search());
    }

    @Test
    void aStepIsTheScenarioAtAFixedRate() throws ScenarioException {
        Scenario base = plan("publishers: {clients: 4}\nsearch: {}\n").base();

        Scenario step = base.withRate(new PublishRate.PerSecond(12_000));

        assertEquals(PublisherSpec.single(4, new PublishRate.PerSecond(12_000)), step.publishers());
        assertEquals(base.withRate(PublishRate.MAX), base);
    }
}
