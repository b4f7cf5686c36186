package io.jmsbench.run.workers;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.StreamAudits;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.run.point.ClientPlans;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.workload.SizeTable;
import io.jmsbench.workload.TakenSequences;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue shared by three consumers (two in one agent, one in another) is audited as a whole; a
 * topic subscriber whose selector takes part of each stream, against that part.
 */
@Timeout(30)
class AuditUnionTest {

    private static final Scenario QUEUE = parse("""
            destination: {type: queue, name: q}
            publishers: {clients: 2, rate: 100}
            subscribers:
              - {clients: 2}
              - {clients: 1}
            """);

    private static Scenario parse(String yaml) {
        try {
            return ScenarioLoader.parse(yaml, "s.yaml", "s", List.of());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static Counters sent(long each) {
        return new Counters(0, 0, 0, 0, 0, List.of(new ClientCount("pub-0", each, 0, null),
                new ClientCount("pub-1", each, 0, null)), null);
    }

    /** The audits of two agents: sub-0-0 and sub-0-1 in one, sub-1-0 in the other, message s of each stream to consumer s mod 3. */
    private static List<ClientAudit> shared(long sent, int dropEvery, int repeatEvery) {
        List<StreamAudits> consumers = List.of(StreamAudits.receipts(0), StreamAudits.receipts(0),
                StreamAudits.receipts(0));
        long[] receipts = new long[3];
        for (long s = 0; s < sent; s++) {
            for (int p = 0; p < 2; p++) {
                int c = (int) ((s + p) % 3);
                receipts[c]++;
                if (c == 1 && dropEvery > 0 && receipts[c] % dropEvery == 0) {
                    continue;
                }
                consumers.get(c).record(p, s, false);
                if (c == 2 && repeatEvery > 0 && receipts[c] % repeatEvery == 0) {
                    consumers.get(c).record(p, s, false);
                }
            }
        }
        List<ClientAudit> audits = new ArrayList<>();
        String[] ids = {"sub-0-0", "sub-0-1", "sub-1-0"};
        for (int c = 0; c < 3; c++) {
            audits.add(new ClientAudit(ids[c], false, 0, 0, consumers.get(c).states(p -> "pub-" + p)));
        }
        return audits;
    }

    private static AuditCounts merge(Scenario scenario, List<ClientAudit> audits, long sent) {
        List<ClientPlan> subscribers = ClientPlans.subscribers(scenario);
        List<ClientPlan> publishers = ClientPlans.publishers(scenario);
        return AuditMerge.of(subscribers, publishers, sent(sent), audits,
                AuditUnion.of(scenario, subscribers, publishers));
    }

    @Test
    void aQueuesCompetingConsumersRecordReceiptsAndFormOneUnion() {
        List<ClientPlan> subscribers = ClientPlans.subscribers(QUEUE);
        assertEquals(List.of(false, false, false), subscribers.stream().map(ClientPlan::audit).toList());
        assertEquals(List.of(true, true, true), subscribers.stream().map(ClientPlan::receipts).toList());
        List<AuditUnion> unions = AuditUnion.of(QUEUE, subscribers, ClientPlans.publishers(QUEUE));
        assertEquals(1, unions.size());
        assertEquals(List.of("sub-0-0", "sub-0-1", "sub-1-0"), unions.get(0).subscribers());
        assertEquals(Map.of("pub-0", TakenSequences.ALL, "pub-1", TakenSequences.ALL), unions.get(0).taken());
    }

    @Test
    void threeConsumersInTwoAgentsThatShareEveryMessageOnceAreAuditedAndFindNothing() {
        AuditCounts counts = merge(QUEUE, shared(30_000, 0, 0), 30_000);
        assertEquals(3, counts.auditedSubscribers());
        assertEquals(0, counts.lost());
        assertEquals(0, counts.duplicates());
        assertEquals(List.of(), counts.notAudited());
    }

    @Test
    void aConsumerThatDropsEveryThousandthAndOneThatRecordsTwiceAreCaught() {
        AuditCounts counts = merge(QUEUE, shared(30_000, 1_000, 1_000), 30_000);
        // each consumer receives 20,000 of the 60,000 messages of the two streams
        assertEquals(20, counts.lost(), counts.toString());
        assertEquals(20, counts.duplicates(), counts.toString());
        assertEquals("the consumers of queue q", counts.examples().get(0).subscriber());
    }

    @Test
    void aConsumerWhoseAgentSentNoReceiptsLeavesItsQueueNotAuditedRatherThanLossFree() {
        List<ClientAudit> audits = new ArrayList<>(shared(300, 0, 0));
        audits.set(2, new ClientAudit("sub-1-0", false, 0, 0, List.of(new ClientAudit.StreamState("pub-0", 100, 299,
                0, 0, 0, 0, false))));
        AuditCounts counts = merge(QUEUE, audits, 300);
        assertEquals(0, counts.auditedSubscribers());
        assertTrue(counts.noneAudited());
        assertEquals(List.of("sub-0-0", "sub-0-1", "sub-1-0"), counts.notAudited());
    }

    @Test
    void aTopicSubscriberWhoseSelectorTakesOneVariantInFourIsAuditedOnThatPart() {
        Scenario topic = parse("""
                destination: {type: topic, name: t}
                message: {properties: 1, vary: {on: P1, from: 1, to: 4}}
                publishers: {clients: 1, rate: 100}
                subscribers:
                  - {clients: 1, selector: "P1 = '#2'"}
                """);
        List<ClientPlan> subscribers = ClientPlans.subscribers(topic);
        assertFalse(subscribers.get(0).audit());
        assertTrue(subscribers.get(0).receipts());
        AuditUnion union = AuditUnion.of(topic, subscribers, ClientPlans.publishers(topic)).get(0);
        TakenSequences part = union.taken().get("pub-0");
        assertEquals(SizeTable.start("pub-0", 4), part.first());
        assertEquals(List.of(false, true, false, false), List.of(part.taken()[0], part.taken()[1], part.taken()[2],
                part.taken()[3]), "variant #2 is entry 1 of the round robin");

        StreamAudits receipts = StreamAudits.receipts(0);
        long lostOne = -1;
        for (long s = 0; s < 400; s++) {
            if (part.takes(s)) {
                if (lostOne < 0) {
                    lostOne = s;
                    continue;
                }
                receipts.record(0, s, false);
            }
        }
        AuditCounts counts = AuditMerge.of(subscribers, ClientPlans.publishers(topic),
                new Counters(0, 0, 0, 0, 0, List.of(new ClientCount("pub-0", 400, 0, null)), null),
                List.of(new ClientAudit("sub-0-0", false, 0, 0, receipts.states(p -> "pub-" + p))),
                List.of(union));
        assertEquals(1, counts.auditedSubscribers());
        assertEquals(1, counts.lost(), "the selector's first message, " + lostOne + ", and none of the 300 it does not take");
    }

    @Test
    void aSelectorOnOnePublisherGroupTakesThatGroupsStreamsWholeAndNoneOfTheOthers() {
        Scenario groups = parse("""
                destination: {type: topic}
                message: {properties: 1, values: order}
                publishers:
                  - {name: orders, clients: 2, rate: 100}
                  - {name: audit, clients: 1, rate: 10, message: {values: audit}}
                subscribers:
                  - {clients: 1}
                  - {clients: 1, selector: "P1 = 'order'"}
                """);
        List<ClientPlan> subscribers = ClientPlans.subscribers(groups);
        assertEquals(List.of(false, true), subscribers.stream().map(ClientPlan::receipts).toList());
        AuditUnion union = AuditUnion.of(groups, subscribers, ClientPlans.publishers(groups)).get(0);
        assertEquals(List.of("sub-1-0"), union.subscribers());
        assertEquals(TakenSequences.ALL, union.taken().get("pub-0"));
        assertEquals(TakenSequences.ALL, union.taken().get("pub-1"));
        assertEquals(0, union.taken().get("pub-2").of(1_000).getLongCardinality(), "the audit group's messages");
    }
}
