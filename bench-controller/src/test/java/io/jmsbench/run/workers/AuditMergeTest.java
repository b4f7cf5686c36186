package io.jmsbench.run.workers;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.AuditExample;
import io.jmsbench.metrics.StreamAudit;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class AuditMergeTest {

    private static final List<ClientPlan> PUBLISHERS = List.of(new ClientPlan("p0", null, "q"),
            new ClientPlan("p1", null, "q"));
    private static final List<ClientPlan> SUBSCRIBERS = List.of(new ClientPlan("s0", null, "q", true));

    private static Counters sent(long p0, long p1) {
        return new Counters(0, 0, 0, 0, 0, List.of(new ClientCount("p0", p0, 0, null),
                new ClientCount("p1", p1, 0, null)), null);
    }

    @Test
    void aLossIsNamedByItsGapsAndTheTailNeverReceived() {
        StreamAudit p0 = new StreamAudit();
        for (long seq : new long[] {0, 1, 4, 5, 5, 6}) {
            p0.record(seq, false);
        }
        ClientAudit s0 = new ClientAudit("s0", true, 0, 0, List.of(p0.state("p0")));

        AuditCounts counts = AuditMerge.of(SUBSCRIBERS, PUBLISHERS, sent(10, 3), List.of(s0));

        assertEquals(2 + 3 + 3, counts.lost(), "p0: #2-3 and #7-9; p1: never heard from, #0-2");
        assertEquals(1, counts.duplicates());
        assertEquals(List.of(
                new AuditExample("s0", "p0", List.of(new SeqRange(2, 3), new SeqRange(7, 9)), List.of(5L)),
                new AuditExample("s0", "p1", List.of(new SeqRange(0, 2)), List.of())), counts.examples());
        assertEquals("p0 to s0 #2-3, #7-9", counts.examples().get(0).lostText());
        assertEquals("p0 to s0 #5", counts.examples().get(0).duplicatesText());
    }

    @Test
    void aStreamReceivedWholeIsNotNamed() {
        StreamAudit p0 = new StreamAudit();
        StreamAudit p1 = new StreamAudit();
        for (long seq = 0; seq < 3; seq++) {
            p0.record(seq, false);
            p1.record(seq, false);
        }
        ClientAudit s0 = new ClientAudit("s0", true, 0, 0, List.of(p0.state("p0"), p1.state("p1")));

        AuditCounts counts = AuditMerge.of(SUBSCRIBERS, PUBLISHERS, sent(3, 3), List.of(s0));

        assertEquals(0, counts.lost());
        assertEquals(List.of(), counts.examples());
    }
}
