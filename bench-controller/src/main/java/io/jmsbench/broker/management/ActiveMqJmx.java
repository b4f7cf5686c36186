package io.jmsbench.broker.management;

import javax.management.AttributeList;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * ActiveMQ Classic's statistics over JMX (RMI), summed by {@link ActiveMqFigures}. A JMX connect
 * has no timeout of its own, nor has an RMI call: each reading (connect, read, close) runs on a thread of its own and is given up after
 * {@link #TIMEOUT}.
 */
final class ActiveMqJmx implements BrokerManagementClient {

    private static final String[] DESTINATION = ActiveMqFigures.DESTINATION.toArray(String[]::new);
    private static final String[] BROKER = ActiveMqFigures.BROKER.toArray(String[]::new);

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
            ActiveMqFigures figures = new ActiveMqFigures();
            for (ObjectName name : mbeans.queryNames(new ObjectName(ActiveMqFigures.DESTINATIONS), null)) {
                figures.destination(name, longs(mbeans.getAttributes(name, DESTINATION)));
            }
            for (ObjectName broker : mbeans.queryNames(new ObjectName(ActiveMqFigures.BROKERS), null)) {
                figures.broker(broker, longs(mbeans.getAttributes(broker, BROKER)));
            }
            return figures.reading();
        }
    }

    /** Each queue's purge operation; a topic has none (its subscriptions hold its messages). */
    @Override
    public long purge(Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        return BoundedRead.within(TIMEOUT, "activemq-jmx", "ActiveMQ's JMX at " + url, () -> {
            Map<String, Object> env = new HashMap<>();
            if (user != null) {
                env.put(JMXConnector.CREDENTIALS, new String[] {user, password == null ? "" : password});
            }
            try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(url), env)) {
                MBeanServerConnection mbeans = connector.getMBeanServerConnection();
                long purged = 0;
                for (Map.Entry<String, Long> d : destinations.entrySet()) {
                    for (ObjectName queue : mbeans.queryNames(ActiveMqFigures.queue(d.getKey()), null)) {
                        mbeans.invoke(queue, "purge", new Object[0], new String[0]);
                        purged += d.getValue();
                    }
                }
                return purged;
            }
        }, failure -> failure instanceof ManagementUnavailable m ? m
                : new ManagementUnavailable("ActiveMQ's JMX at " + url + " did not purge (" + failure + ")"));
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
