package io.jmsbench.run.point;

import io.jmsbench.run.workers.AuditUnion;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.workload.TakenSequences;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PointPlanTest {

    /** The audit's unions are part of the point's plan, made with it: the drain reads them, as the judge reads the rest. */
    @Test
    void aQueuesCompetingConsumersAreOneUnionInThePlan() throws Exception {
        Scenario queue = ScenarioLoader.parse("""
                destination: {type: queue, name: q}
                publishers: {clients: 2, rate: 100}
                subscribers:
                  - {clients: 2}
                  - {clients: 1}
                """, "q.yaml", "q", List.of());
        List<AuditUnion> unions = PointPlan.of(queue, false).unions();
        assertEquals(1, unions.size());
        assertEquals(List.of("sub-0-0", "sub-0-1", "sub-1-0"), unions.get(0).subscribers());
        assertEquals(Map.of("pub-0", TakenSequences.ALL, "pub-1", TakenSequences.ALL), unions.get(0).taken());
    }

    @Test
    void aTopicWithoutSelectorsHasNoUnion() throws Exception {
        Scenario topic = ScenarioLoader.parse("""
                destination: {type: topic}
                publishers: {clients: 1, rate: 100}
                subscribers: [{clients: 2}]
                """, "t.yaml", "t", List.of());
        assertEquals(List.of(), PointPlan.of(topic, false).unions());
    }
}
