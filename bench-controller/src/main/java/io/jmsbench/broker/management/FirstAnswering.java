package io.jmsbench.broker.management;

import java.util.ArrayList;
import java.util.List;

/**
 * A broker's management interface at one of its kind's default addresses, the first that answers:
 * an ActiveMQ Classic serves JMX where its connector is on (off in the stock activemq.xml and in
 * Debian's) and Jolokia from its web console where it has one (the stock distribution; Debian's
 * package has none). Once one answered, it alone is read.
 */
final class FirstAnswering implements BrokerManagementClient {

    private final List<BrokerManagementClient> candidates;
    private volatile BrokerManagementClient chosen;

    FirstAnswering(List<BrokerManagementClient> candidates) {
        this.candidates = List.copyOf(candidates);
    }

    @Override
    public String source() {
        BrokerManagementClient c = chosen;
        return c != null ? c.source() : candidates.get(0).source();
    }

    @Override
    public boolean live() {
        BrokerManagementClient c = chosen;
        return c == null || c.live();
    }

    @Override
    public BrokerReading read() throws ManagementUnavailable, InterruptedException {
        BrokerManagementClient c = chosen;
        if (c != null) {
            return c.read();
        }
        List<String> problems = new ArrayList<>();
        for (BrokerManagementClient candidate : candidates) {
            try {
                BrokerReading reading = candidate.read();
                chosen = candidate;
                return reading;
            } catch (ManagementUnavailable e) {
                problems.add(e.getMessage());
            }
        }
        throw new ManagementUnavailable("no management interface answered at its default addresses (give "
                + "broker.management.url): " + String.join("; ", problems));
    }

    @Override
    public long purge(java.util.Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        if (chosen == null) {
            read();
        }
        return chosen.purge(destinations);
    }

    @Override
    public BrokerReading settled(Settling settling) throws ManagementUnavailable, InterruptedException {
        BrokerManagementClient c = chosen;
        return c != null ? c.settled(settling) : read();
    }
}
