package io.jmsbench.scenario;

import io.jmsbench.scenario.Filter.Equality;

import java.util.ArrayList;
import java.util.List;

/**
 * Generates each subscriber's filter from its group's {@link FilterSpec}. It sits with the scenario
 * because reading one checks that the broker's grammar accepts the filters it generates; workload
 * turns them into messages and the expected replication grade.
 */
public final class Filters {

    private Filters() {
    }

    /** The selector of client {@code index} (0-based) of {@code group}; {@code null} when it has none. */
    public static String selector(SubscriberGroup group, int index) {
        if (group.selector() != null) {
            return group.selector();
        }
        return group.filter() == null ? null : filter(group.filter(), index, group.clients()).selector();
    }

    /** The filter of client {@code index} (0-based) of a group of {@code clients} clients. */
    public static Filter filter(FilterSpec spec, int index, int clients) {
        if (spec.and() != null) {
            int n = spec.and();
            int j = index + 1;
            int discriminating = andPosition(spec, j, clients);
            List<Equality> all = new ArrayList<>();
            for (int p = 1; p <= n; p++) {
                all.add(new Equality(MessageSpec.propertyName(p - 1), p == discriminating ? "#" + j : "#0"));
            }
            return new Filter(List.of(all));
        }
        String field = FilterSpec.CORRELATION_ID.equals(spec.on()) ? Equality.CORRELATION_ID : spec.on();
        if (spec.anyOf() != null) {
            int block = spec.anyOf() / clients;
            List<List<Equality>> alternatives = new ArrayList<>();
            for (int i = 1; i <= block; i++) {
                alternatives.add(List.of(new Equality(field, "#" + (index * block + i))));
            }
            return new Filter(alternatives);
        }
        String value = spec.equals().replace(FilterSpec.CLIENT_INDEX, Integer.toString(index + 1));
        return new Filter(List.of(List.of(new Equality(field, value))));
    }

    /**
     * The 1-based property position of client j's discriminating component (§4.4): 1, n, or the
     * middle; for even n the first half of the clients uses n/2 and the second half n/2 + 1.
     */
    static int andPosition(FilterSpec spec, int j, int clients) {
        int n = spec.and();
        return switch (spec.position()) {
            case FIRST -> 1;
            case LAST -> n;
            case MIDDLE -> n % 2 == 1 ? (n + 1) / 2 : (j <= clients / 2 ? n / 2 : n / 2 + 1);
        };
    }
}
