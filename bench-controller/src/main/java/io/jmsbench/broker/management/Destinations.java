package io.jmsbench.broker.management;

import io.jmsbench.scenario.DestinationSpec;

import java.util.LinkedHashMap;
import java.util.Map;

/** The scenario's destinations among those a broker's management interface names. */
public final class Destinations {

    private Destinations() {
    }

    /**
     * Whether the broker's name of a destination ({@code "bench.q"}, ActiveMQ's {@code "queue bench.q"},
     * RabbitMQ's {@code "vhost/bench.q.1"}, Artemis's {@code "address/queue"}) is one of the scenario's:
     * its name, or one of its numbered names ({@code destination.count} above 1).
     */
    public static boolean named(String brokerName, DestinationSpec destination) {
        String name = brokerName.substring(Math.max(brokerName.lastIndexOf(' '), brokerName.lastIndexOf('/')) + 1);
        return name.equals(destination.name()) || destination.count() > 1 && name.startsWith(destination.name() + ".")
                && name.length() > destination.name().length() + 1
                && name.substring(destination.name().length() + 1).chars().allMatch(Character::isDigit);
    }

    /** The entries of {@code held} that are the scenario's destinations. */
    public static Map<String, Long> ours(Map<String, Long> held, DestinationSpec destination) {
        Map<String, Long> ours = new LinkedHashMap<>();
        held.forEach((name, messages) -> {
            if (named(name, destination)) {
                ours.put(name, messages);
            }
        });
        return ours;
    }
}
