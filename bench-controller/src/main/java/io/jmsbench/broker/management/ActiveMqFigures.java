package io.jmsbench.broker.management;

import javax.management.ObjectName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ActiveMQ Classic's MBeans summed into one reading, however they were read (JMX over RMI in
 * {@link ActiveMqJmx}, Jolokia over HTTP in {@link ActiveMqJolokia}): each destination's counters
 * and levels over every destination but ActiveMQ's own ({@code ActiveMQ.Advisory.*}), as the
 * embedded broker sums its own; a destination whose memory limit is full is flow control; a broker
 * usage at 100% is an alarm. Fed one MBean at a time, then asked for the {@link #reading()}.
 */
final class ActiveMqFigures {

    /** Every destination's MBean. */
    static final String DESTINATIONS = "org.apache.activemq:type=Broker,brokerName=*,destinationType=*,destinationName=*";
    /** The broker's own MBean (the pattern matches it only: no further keys). */
    static final String BROKERS = "org.apache.activemq:type=Broker,brokerName=*";

    static final List<String> DESTINATION = List.of("EnqueueCount", "DequeueCount", "DispatchCount", "InFlightCount",
            "QueueSize", "BlockedSends", "MemoryPercentUsage");
    static final List<String> BROKER = List.of("MemoryPercentUsage", "StorePercentUsage", "TempPercentUsage");

    private long enqueued;
    private long dequeued;
    private long dispatched;
    private long inFlight;
    private long remaining;
    private long blocked;
    private final List<String> alarms = new ArrayList<>();
    private final List<String> flowControl = new ArrayList<>();
    private final Map<String, Long> held = new HashMap<>();

    /**
     * The MBeans of the queue {@link #held} names {@code destination} ({@code "queue NAME"}); a topic
     * has no purge, and is told.
     */
    static ObjectName queue(String destination) throws ManagementUnavailable {
        if (!destination.startsWith("queue ")) {
            throw new ManagementUnavailable("ActiveMQ cannot purge " + destination + ": only a queue has a purge "
                    + "operation");
        }
        try {
            return new ObjectName("org.apache.activemq:type=Broker,brokerName=*,destinationType=Queue,destinationName="
                    + destination.substring("queue ".length()));
        } catch (javax.management.MalformedObjectNameException e) {
            throw new ManagementUnavailable("ActiveMQ cannot purge " + destination + ": " + e.getMessage());
        }
    }

    /**
     * One destination's attributes, those of {@link #DESTINATION} it has (an older broker lacks some:
     * BlockedSends came with 5.12).
     */
    void destination(ObjectName name, Map<String, Long> attributes) {
        String destination = name.getKeyProperty("destinationName");
        if (destination == null || destination.startsWith("ActiveMQ.")) {
            return;
        }
        enqueued += attributes.getOrDefault("EnqueueCount", 0L);
        dequeued += attributes.getOrDefault("DequeueCount", 0L);
        dispatched += attributes.getOrDefault("DispatchCount", 0L);
        inFlight += attributes.getOrDefault("InFlightCount", 0L);
        long size = attributes.getOrDefault("QueueSize", 0L);
        remaining += size;
        if (size > 0) {
            held.merge(String.valueOf(name.getKeyProperty("destinationType")).toLowerCase(Locale.ROOT) + " "
                    + destination, size, Long::sum);
        }
        blocked += attributes.getOrDefault("BlockedSends", 0L);
        long memory = attributes.getOrDefault("MemoryPercentUsage", 0L);
        if (memory >= 100) {
            flowControl.add(String.valueOf(name.getKeyProperty("destinationType")).toLowerCase(Locale.ROOT) + " "
                    + destination + ": MemoryPercentUsage " + memory + " (its memory limit is full: producer flow "
                    + "control holds its producers back)");
        }
    }

    /** The broker's usages, those of {@link #BROKER} it has. */
    void broker(ObjectName name, Map<String, Long> attributes) {
        for (String usage : BROKER) {
            Long percent = attributes.get(usage);
            if (percent != null && percent >= 100) {
                alarms.add("broker " + name.getKeyProperty("brokerName") + ": " + usage + " " + percent
                        + " (its system usage limit is reached: sends block or fail)");
            }
        }
    }

    BrokerReading reading() {
        return new BrokerReading(enqueued, dequeued, dispatched, blocked, inFlight, remaining, alarms, flowControl,
                held, null);
    }
}
