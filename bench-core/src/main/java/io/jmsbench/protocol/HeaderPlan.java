package io.jmsbench.protocol;

import java.util.List;

/**
 * The headers and properties a publisher sets on each message beyond its body: {@code timeToLiveMs}
 * and {@code deliveryDelayMs} (0: none), {@code priorities} the JMS priorities sent round robin by
 * sequence number (empty: the provider's default; one entry: that priority on every message), and
 * {@code groups} the number of JMSXGroupID values the messages go to, round robin by sequence
 * number (0: no groups). How a delay is asked for depends on the provider: JMS 2's delivery delay,
 * or ActiveMQ's {@code AMQ_SCHEDULED_DELAY} property over OpenWire, whose client refuses the former.
 */
public record HeaderPlan(long timeToLiveMs, List<Integer> priorities, int groups, long deliveryDelayMs) {

    public static final HeaderPlan NONE = new HeaderPlan(0, List.of(), 0, 0);

    public HeaderPlan {
        priorities = priorities == null ? List.of() : List.copyOf(priorities);
    }
}
