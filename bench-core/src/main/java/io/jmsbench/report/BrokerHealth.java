package io.jmsbench.report;

import java.util.List;

/**
 * What an external broker's management interface said about itself over a point, in its own words:
 * resource alarms ({@code alarms}: RabbitMQ's memory and disk alarms, ActiveMQ's system usage at its
 * limit), producers or connections its flow control held back ({@code flowControl}), and sends held
 * back over the point ({@code blockedSends}, {@code -1} where the broker does not count them).
 * {@code problem}: why the interface could not be read ({@code null} when it was).
 */
public record BrokerHealth(String source, List<String> alarms, List<String> flowControl, long blockedSends,
                           String problem) {

    public BrokerHealth {
        alarms = List.copyOf(alarms);
        flowControl = List.copyOf(flowControl);
    }

    public static BrokerHealth unreadable(String source, String problem) {
        return new BrokerHealth(source, List.of(), List.of(), -1, problem);
    }
}
