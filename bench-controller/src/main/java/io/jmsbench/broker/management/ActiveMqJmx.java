package io.jmsbench.broker.management;

import javax.management.AttributeList;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ActiveMQ Classic's statistics over JMX (RMI): each destination's EnqueueCount, DequeueCount,
 * DispatchCount, InFlightCount, QueueSize and BlockedSends, summed over every destination but
 * ActiveMQ's own ({@code ActiveMQ.Advisory.*}), as the embedded broker sums its own; the broker's
 * MemoryPercentUsage and StorePercentUsage. A JMX connect has no timeout of its own, nor has an RMI
 * call: each reading (connect, read, close) runs on a thread of its own and is given up after
 * {@link #TIMEOUT}.
 */
final class ActiveMqJmx implements BrokerManagementClient {

    private static final String[] DESTINATION = {"EnqueueCount", "DequeueCount", "DispatchCount", "InFlightCount",
            "QueueSize", "BlockedSends", "MemoryPercentUsage"};

    static {
        // RMI reads have no timeout of their own: a broker that stalls mid-answer would keep the reader
        // thread (given up after TIMEOUT) and its socket for good. Read once, at RMI's first use.
        System.setProperty("sun.rmi.transport.tcp.responseTimeout",
                System.getProperty("sun.rmi.transport.tcp.responseTimeout", Long.toString(TIMEOUT.toMillis())));
        System.setProperty("sun.rmi.transport.tcp.handshakeTimeout",
                System.getProperty("sun.rmi.transport.tcp.handshakeTimeout", Long.toString(TIMEOUT.toMillis())));
    }

    private final String url;
    private final String user;
    private final String password;

    ActiveMqJmx(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    @Override
    public String source() {
        return "activemq JMX at " + url + " (destinations' counters over the point)";
    }

    @Override
    public BrokerReading read() throws ManagementUnavailable, InterruptedException {
        return BoundedRead.within(TIMEOUT, "activemq-jmx", "ActiveMQ's JMX at " + url, this::readNow, failure -> {
            Throwable cause = failure instanceof IOException && failure.getCause() != null ? failure.getCause() : failure;
            return new ManagementUnavailable("ActiveMQ's JMX at " + url + " could not be read (" + cause
                    + "); does activemq.xml's managementContext say createConnector=\"true\"?");
        });
    }

    private BrokerReading readNow() throws Exception {
        Map<String, Object> env = new HashMap<>();
        if (user != null) {
            env.put(JMXConnector.CREDENTIALS, new String[] {user, password == null ? "" : password});
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(url), env)) {
            MBeanServerConnection mbeans = connector.getMBeanServerConnection();
            long enqueued = 0, dequeued = 0, dispatched = 0, inFlight = 0, remaining = 0, blocked = 0;
            List<String> flowControl = new ArrayList<>();
            for (ObjectName name : mbeans.queryNames(new ObjectName(
                    "org.apache.activemq:type=Broker,brokerName=*,destinationType=*,destinationName=*"), null)) {
                String destination = name.getKeyProperty("destinationName");
                if (destination.startsWith("ActiveMQ.")) {
                    continue;
                }
                Map<String, Long> a = longs(mbeans.getAttributes(name, DESTINATION));
                enqueued += a.getOrDefault("EnqueueCount", 0L);
                dequeued += a.getOrDefault("DequeueCount", 0L);
                dispatched += a.getOrDefault("DispatchCount", 0L);
                inFlight += a.getOrDefault("InFlightCount", 0L);
                remaining += a.getOrDefault("QueueSize", 0L);
                blocked += a.getOrDefault("BlockedSends", 0L);
                long memory = a.getOrDefault("MemoryPercentUsage", 0L);
                if (memory >= 100) {
                    flowControl.add(name.getKeyProperty("destinationType").toLowerCase(Locale.ROOT) + " " + destination
                            + ": MemoryPercentUsage " + memory + " (its memory limit is full: producer flow control "
                            + "holds its producers back)");
                }
            }
            List<String> alarms = new ArrayList<>();
            for (ObjectName broker : mbeans.queryNames(new ObjectName("org.apache.activemq:type=Broker,brokerName=*"),
                    null)) {
                Map<String, Long> a = longs(mbeans.getAttributes(broker,
                        new String[] {"MemoryPercentUsage", "StorePercentUsage", "TempPercentUsage"}));
                for (Map.Entry<String, Long> e : a.entrySet()) {
                    if (e.getValue() >= 100) {
                        alarms.add("broker " + broker.getKeyProperty("brokerName") + ": " + e.getKey() + " "
                                + e.getValue() + " (its system usage limit is reached: sends block or fail)");
                    }
                }
            }
            return new BrokerReading(enqueued, dequeued, dispatched, blocked, inFlight, remaining, alarms, flowControl);
        }
    }

    /** The numeric attributes the MBean has (an older broker lacks some: BlockedSends came with 5.12). */
    private static Map<String, Long> longs(AttributeList attributes) {
        Map<String, Long> values = new HashMap<>();
        attributes.asList().forEach(a -> {
            if (a.getValue() instanceof Number n) {
                values.put(a.getName(), n.longValue());
            }
        });
        return values;
    }
}
