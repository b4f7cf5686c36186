package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.LongSummaryStatistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientPlansTest {

    @Test
    void noProcessingIsAnEmptyTableAndAFixedTimeOneEntry() {
        assertEquals(List.of(), ClientPlans.processingTable(SubscriberGroup.NO_PROCESSING));
        assertEquals(List.of(2_000_000L), ClientPlans.processingTable(new Distribution.Fixed(2_000_000)));
    }

    @Test
    void aProcessingTimeThatVariesIsASeededTableOfItsDistribution() {
        Distribution uniform = new Distribution.Uniform(1_000_000, 3_000_000);
        List<Long> table = ClientPlans.processingTable(uniform);
        assertEquals(1000, table.size());
        assertEquals(table, ClientPlans.processingTable(uniform), "the same seed, the same table");
        LongSummaryStatistics stats = table.stream().mapToLong(Long::longValue).summaryStatistics();
        assertTrue(stats.getMin() >= 1_000_000 && stats.getMax() <= 3_000_000, stats.toString());
        assertEquals(2_000_000, stats.getAverage(), 20_000, "the table's mean within 1% of the distribution's");
    }

    @Test
    void aSubscriberAuditsOnlyWhenItShouldGetEveryGroupsMessages() throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                destination: {type: topic}
                message: {properties: 1, values: order}
                publishers:
                  - {name: orders, clients: 2, rate: 100}
                  - {name: audit, clients: 1, rate: 10, message: {values: audit}}
                subscribers:
                  - {clients: 1}
                  - {clients: 1, selector: "P1 = 'order'"}
                """, "groups.yaml", "groups", List.of());
        assertEquals(List.of(true, false), ClientPlans.subscribers(scenario).stream().map(ClientPlan::audit).toList());
        assertEquals(List.of("pub-0", "pub-1", "pub-2"),
                ClientPlans.publishers(scenario).stream().map(ClientPlan::id).toList(),
                "publisher ids run on across groups, as the audit pairs them");
    }

    @Test
    void publishersOfASingleMappingNameItsOneGroup() throws Exception {
        Scenario scenario = ScenarioLoader.parse("publishers: {clients: 2}\n", "one.yaml", "one", List.of());
        assertEquals(Arrays.asList(0, 0), ClientPlans.publishers(scenario).stream().map(ClientPlan::group).toList());
    }
}
