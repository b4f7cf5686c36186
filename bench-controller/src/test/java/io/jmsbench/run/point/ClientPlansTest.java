package io.jmsbench.run.point;

import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.SubscriberGroup;
import org.junit.jupiter.api.Test;

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
}
