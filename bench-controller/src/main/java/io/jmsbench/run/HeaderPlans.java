package io.jmsbench.run;

import io.jmsbench.protocol.HeaderPlan;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageHeaders;

import java.util.Arrays;
import java.util.List;

/**
 * A scenario's message headers as the publishers' plan: a priority mix becomes a table of
 * {@value #PRIORITY_TABLE} priorities drawn with a fixed seed (the same table on every agent and
 * every run), sent round robin.
 */
final class HeaderPlans {

    static final int PRIORITY_TABLE = 100;
    private static final long PRIORITY_SEED = 0x6a6d7370L;

    private HeaderPlans() {
    }

    static HeaderPlan of(MessageHeaders headers) {
        if (!headers.any()) {
            return HeaderPlan.NONE;
        }
        return new HeaderPlan(headers.timeToLive() == null ? 0 : headers.timeToLive().toMillis(),
                priorities(headers.priority()), headers.groups() == null ? 0 : headers.groups(),
                headers.deliveryDelay() == null ? 0 : headers.deliveryDelay().toMillis());
    }

    private static List<Integer> priorities(Distribution priority) {
        if (priority == null) {
            return List.of();
        }
        if (priority.min() == priority.max()) {
            return List.of((int) priority.min());
        }
        return Arrays.stream(priority.table(PRIORITY_TABLE, PRIORITY_SEED)).mapToObj(p -> (int) p).toList();
    }
}
