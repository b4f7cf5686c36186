package io.jmsbench.metrics;

import io.jmsbench.workload.MessageGroups;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Where message groups went, from each consumer's counts by group index. */
@Timeout(10)
class GroupStickinessTest {

    @Test
    void eachGroupOnOneConsumerSplitsNone() {
        Map<String, List<Long>> counts = new TreeMap<>(Map.of("sub-0-0", List.of(10L, 0L, 7L),
                "sub-0-1", List.of(0L, 12L, 0L)));

        GroupStickiness g = GroupStickiness.of(counts);

        assertEquals(new GroupStickiness(3, 3, 2, 0, 29, List.of(new GroupStickiness.Group(0, 10, Map.of("sub-0-0", 10L)),
                new GroupStickiness.Group(1, 12, Map.of("sub-0-1", 12L)),
                new GroupStickiness.Group(2, 7, Map.of("sub-0-0", 7L)))), g);
    }

    @Test
    void aGroupTwoConsumersReceivedIsSplitAndAGroupNoneReceivedIsNotCounted() {
        Map<String, List<Long>> counts = Map.of("a", List.of(5L, 0L, 0L), "b", List.of(1L, 0L, 3L));

        GroupStickiness g = GroupStickiness.of(counts);

        assertEquals(1, g.split());
        assertEquals(2, g.received());
        assertEquals(Map.of("a", 5L, "b", 1L), g.first().get(0).consumers());
    }

    @Test
    void onlyTheFirstGroupsAreNamed() {
        List<Long> many = Collections.nCopies(GroupStickiness.NAMED + 5, 1L);

        GroupStickiness g = GroupStickiness.of(Map.of("a", many));

        assertEquals(GroupStickiness.NAMED + 5, g.groups());
        assertEquals(GroupStickiness.NAMED, g.first().size());
    }

    @Test
    void noCountsNoGroups() {
        assertNull(GroupStickiness.of(Map.of()));
    }

    @Test
    void aGroupsNameGivesBackItsIndexAndNoOtherNameDoes() {
        String[] names = MessageGroups.names(12);
        for (int i = 0; i < names.length; i++) {
            assertEquals(i, MessageGroups.indexOf(names[i]));
        }
        for (String other : new String[] {null, "", "jmsbench-g", "jmsbench-gx", "orders-1", "jmsbench-g1234567890"}) {
            assertEquals(-1, MessageGroups.indexOf(other), other);
        }
    }
}
