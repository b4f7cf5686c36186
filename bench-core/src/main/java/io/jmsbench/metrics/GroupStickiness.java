package io.jmsbench.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a queue's message groups went: of {@code groups} groups, {@code received} came to
 * {@code consumers} consumers, {@code split} to more than one (a broker that keeps a group on one
 * consumer splits none while its consumers stay), {@code messages} of them in all; {@code first}
 * names the first {@value #NAMED} groups with each one's consumers and messages.
 */
public record GroupStickiness(int groups, int received, int consumers, int split, long messages, List<Group> first) {

    public static final int NAMED = 20;

    public GroupStickiness {
        first = first == null ? List.of() : List.copyOf(first);
    }

    /** One group: its index, the messages received, and by whom (consumer id to messages). */
    public record Group(int group, long messages, Map<String, Long> consumers) {

        public Group {
            consumers = Map.copyOf(consumers);
        }
    }

    /**
     * From each consumer's counts by group index ({@code countsByConsumer}); {@code null} when no
     * consumer counted groups.
     */
    public static GroupStickiness of(Map<String, List<Long>> countsByConsumer) {
        int groups = countsByConsumer.values().stream().mapToInt(List::size).max().orElse(0);
        if (groups == 0) {
            return null;
        }
        int split = 0;
        int received = 0;
        long messages = 0;
        List<Group> first = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            Map<String, Long> by = new TreeMap<>();
            long total = 0;
            for (Map.Entry<String, List<Long>> e : countsByConsumer.entrySet()) {
                long n = g < e.getValue().size() ? e.getValue().get(g) : 0;
                if (n > 0) {
                    by.put(e.getKey(), n);
                    total += n;
                }
            }
            messages += total;
            if (total > 0) {
                received++;
            }
            if (by.size() > 1) {
                split++;
            }
            if (first.size() < NAMED) {
                first.add(new Group(g, total, by));
            }
        }
        return new GroupStickiness(groups, received, countsByConsumer.size(), split, messages, first);
    }
}
