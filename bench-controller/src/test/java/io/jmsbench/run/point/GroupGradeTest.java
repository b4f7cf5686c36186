package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class GroupGradeTest {

    /** Group a's messages reach both subscribers (grade 2), group b's only the first (grade 1). */
    private static final String TWO_GROUPS = """
            destination: {type: topic}
            message: {properties: 1, values: a}
            publishers:
              - {name: a, clients: 2, rate: 100}
              - {name: b, clients: 1, rate: 100, message: {values: b}}
            subscribers:
              - {clients: 1}
              - {clients: 1, selector: "P1 = 'a'"}
            """;

    private static Counters sent(long... perClient) {
        List<ClientCount> clients = new ArrayList<>();
        for (int i = 0; i < perClient.length; i++) {
            clients.add(new ClientCount("pub-" + i, perClient[i], 0, null));
        }
        return new Counters(0, 0, 0, 0, 1, clients, HostSample.UNKNOWN);
    }

    @Test
    void eachGroupsSentMessagesAreSummedByTheirClientsIds() throws Exception {
        Scenario s = ScenarioLoader.parse(TWO_GROUPS, "g.yaml", "g", List.of());
        assertArrayEquals(new long[] {30, 7}, GroupGrade.sent(s, sent(10, 20, 7)));
    }

    @Test
    void theExpectedCopiesFollowWhatEachGroupSentNotWhatWasAsked() throws Exception {
        GroupGrade grade = new GroupGrade(ScenarioLoader.parse(TWO_GROUPS, "g.yaml", "g", List.of()));
        assertEquals(1.5, grade.asked(), 1e-12, "asked alike: (2 + 1) / 2");
        Counters counts = sent(300, 300, 100); // group b sent less than asked
        assertEquals(2 * 600 + 100, grade.expectedCopies(counts));
        assertEquals((2.0 * 600 + 100) / 700, grade.of(counts), 1e-12);
    }

    @Test
    void withoutGroupsTheGradeIsTheScenariosWhateverWasSent() throws Exception {
        GroupGrade grade = new GroupGrade(ScenarioLoader.parse("""
                destination: {type: topic}
                publishers: {clients: 2}
                subscribers:
                  - {clients: 3}
                """, "one.yaml", "one", List.of()));
        assertEquals(3.0, grade.of(sent(5, 500)));
        assertEquals(3 * 505, grade.expectedCopies(sent(5, 500)));
    }
}
