package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where {@code rate: sustainable} may stand: in every point of a sweep, in one compared column
 * beside a saturated one, beside shared connections; and the one place it may not, a list of
 * publisher groups, refused with the way out.
 */
@Timeout(60)
class SustainableReadTest {

    private static ScenarioPlan plan(String text, String... overrides) throws ScenarioException {
        return ScenarioLoader.parsePlan(text, "test.yaml", "test", List.of(overrides));
    }

    @Test
    void everyPointOfASweepFindsItsOwnSustainableRate() throws ScenarioException {
        ScenarioPlan plan = plan("publishers: {clients: 2, rate: sustainable}\nsubscribers: [{clients: 1}]\n"
                + "sweep: {\"subscribers[0].clients\": [1, 2, 4]}\n");
        assertEquals(3, plan.points().size());
        for (ScenarioPlan.Point point : plan.points()) {
            assertTrue(point.scenario().publishers().sustainable(), point.toString());
            assertEquals(500.0, point.scenario().publishers().ratePerClient(), "the loop's first 1,000 msgs/s, split");
        }
    }

    @Test
    void aSweepMayTurnTheRateItselfToSustainable() throws ScenarioException {
        List<PublishRate> rates = plan("sweep: {publishers.rate: [max, sustainable, 2000]}\n").points().stream()
                .map(p -> p.scenario().publishers().rate()).toList();
        assertEquals(List.of(PublishRate.MAX, PublishRate.SUSTAINABLE, new PublishRate.PerSecond(2000)), rates);
    }

    @Test
    void eachComparedColumnSetsItsOwnRateAfterTheCommandLines() throws ScenarioException {
        ScenarioPlan plan = plan("publishers: {clients: 1, rate: max}\n"
                + "compare:\n  - {name: flow-controlled, set: {destination.name: a}}\n"
                + "  - {name: unbounded, set: {destination.name: b, publishers.rate: sustainable}}\n",
                "publishers.rate=3000");
        List<PublishRate> rates = plan.points().stream().map(p -> p.scenario().publishers().rate()).toList();
        assertEquals(List.of(new PublishRate.PerSecond(3000), PublishRate.SUSTAINABLE), rates,
                "--set sets every column; a column's own set wins");
    }

    @Test
    void theShippedComparisonFindsEveryColumnsRateByTheClosedLoop() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.plan(Path.of("..", "scenarios", "compare", "activemq-vs-rabbitmq.yaml"),
                List.of());
        assertEquals(6, plan.points().size());
        for (ScenarioPlan.Point point : plan.points()) {
            assertEquals(PublishRate.SUSTAINABLE, point.scenario().publishers().rate(), point.parameters().toString());
        }
    }

    @Test
    void sharedConnectionsFollowTheClosedLoop() throws ScenarioException {
        PublisherSpec publishers = plan("publishers: {clients: 100, rate: sustainable, connections: 4}\n")
                .points().get(0).scenario().publishers();
        assertTrue(publishers.sustainable());
        assertTrue(publishers.sharesConnections());
        assertEquals(10.0, publishers.ratePerClient(), "the loop's first 1,000 msgs/s over 100 clients");
    }

    @Test
    void moreThanOnePublisherGroupIsRefusedAtTheGroupsRateWithTheWayOut() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> plan("publishers:\n"
                + "  - {name: a, clients: 1, rate: sustainable}\n  - {name: b, clients: 1, rate: 100}\n"));
        assertEquals(List.of("test.yaml:2:33: publishers[0].rate: expected max or a number with more than one "
                        + "publisher group (a closed loop turns one rate, shared evenly by one group's clients: give "
                        + "each group a fixed rate, or keep one group to find its sustainable rate), found sustainable"),
                e.problems().stream().map(Problem::format).toList());
    }

    @Test
    void oneGroupInAListMayFindItsSustainableRate() throws ScenarioException {
        assertTrue(plan("publishers:\n  - {name: a, clients: 2, rate: sustainable}\n").points().get(0).scenario()
                .publishers().sustainable());
    }
}
