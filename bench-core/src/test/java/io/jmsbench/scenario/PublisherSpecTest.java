package io.jmsbench.scenario;

import io.jmsbench.protocol.Json;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Publishers are always groups: a single mapping is one, written back as the mapping it was. */
@Timeout(60)
class PublisherSpecTest {

    private static final String SINGLE = """
            message: {size: 300, properties: 2}
            publishers: {clients: 3, rate: 900, faults: {dropEvery: 5}}
            delivery: {persistent: false}
            """;

    private static Scenario parse(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "test.yaml", "test", List.of());
    }

    @Test
    void aSingleMappingIsOneGroupSendingTheScenariosMessageAndDeliveryMode() throws ScenarioException {
        Scenario scenario = parse(SINGLE);

        PublisherGroup one = scenario.publishers().groups().get(0);
        assertEquals(1, scenario.publishers().groups().size());
        assertEquals(new PublisherGroup("publishers-1", 3, new PublishRate.PerSecond(900), scenario.message(), false,
                null), one);
        assertEquals(3, scenario.publishers().clients());
        assertEquals(new PublishRate.PerSecond(900), scenario.publishers().rate());
        assertFalse(scenario.publishers().listed());
    }

    @Test
    void aSweptMessageSizeAndDeliveryModeReachTheSingleGroup() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan(SINGLE + "sweep: {message.size: [100, 200], "
                + "delivery.persistent: [true]}\n", "test.yaml", "test", List.of());

        assertEquals(List.of(100, 200), plan.points().stream()
                .map(p -> p.scenario().publishers().groups().get(0).message().size()).toList());
        assertTrue(plan.points().stream().allMatch(p -> p.scenario().publishers().groups().get(0).persistent()));
    }

    @Test
    void aSearchStepKeepsTheSingleGroupsMessageAndTheFaults() throws ScenarioException {
        Scenario scenario = parse(SINGLE);

        Scenario step = scenario.withRate(new PublishRate.PerSecond(1200));

        assertEquals(new PublishRate.PerSecond(1200), step.publishers().groups().get(0).rate());
        assertEquals(scenario.message(), step.publishers().groups().get(0).message());
        assertEquals(scenario.publishers().faults(), step.publishers().faults());
    }

    @Test
    void aSingleMappingIsWrittenWithoutGroupsAndReadBackAsOneGroup() throws Exception {
        Scenario scenario = parse(SINGLE);

        String json = Json.MAPPER.writeValueAsString(scenario.publishers());

        assertEquals("{\"clients\":3,\"rate\":\"900\",\"faults\":{\"dropEvery\":5,\"repeatEvery\":0,"
                + "\"failAfterSendEvery\":0,\"failAfterCommitEvery\":0}}", json);
        assertEquals(scenario, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(scenario), Scenario.class));
    }

    @Test
    void aListOfOneIsWrittenWithItsGroupsAndReadBackAsAList() throws Exception {
        Scenario scenario = parse("""
                publishers:
                  - {name: orders, clients: 2, rate: 400, message: {size: 50}}
                """);

        String json = Json.MAPPER.writeValueAsString(scenario);

        assertTrue(json.contains("\"publishers\":{\"clients\":2,\"rate\":\"400\",\"faults\":null,\"groups\":[{"
                + "\"name\":\"orders\""), json);
        Scenario read = Json.MAPPER.readValue(json, Scenario.class);
        assertEquals(scenario, read);
        assertTrue(read.publishers().listed());
        assertEquals(50, read.publishers().groups().get(0).message().size());
    }
}
