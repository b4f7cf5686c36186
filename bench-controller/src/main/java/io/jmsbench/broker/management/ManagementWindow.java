package io.jmsbench.broker.management;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.BrokerHealth;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An external broker's own figures over one point: read before the subscribers connect and again
 * after the drain, while the clients are still connected (RabbitMQ deletes a JMS topic
 * subscriber's queue with its consumer). The counts are the change of the broker's cumulative
 * counters between the two, so traffic before the point, and the broker's age, do not count; other
 * clients' traffic in between would.
 */
public final class ManagementWindow {

    private final BrokerManagementClient client;
    private final BrokerReading start;
    private final String problem;

    private ManagementWindow(BrokerManagementClient client, BrokerReading start, String problem) {
        this.client = client;
        this.start = start;
        this.problem = problem;
    }

    /** Reads the broker's figures at the point's start; a failure is kept and told at its end. */
    public static ManagementWindow open(BrokerManagementClient client) throws InterruptedException {
        try {
            return new ManagementWindow(client, client.read(), null);
        } catch (ManagementUnavailable e) {
            return new ManagementWindow(client, null, e.getMessage());
        }
    }

    /** A window that cannot be read, for {@code problem}. */
    public static ManagementWindow unreadable(String problem) {
        return new ManagementWindow(null, null, problem);
    }

    /** The broker's counts and health over the point; its counts {@code null} when they could not be read. */
    public Result close() throws InterruptedException {
        String source = client == null ? "the broker's management interface" : client.source();
        if (start == null) {
            return new Result(null, BrokerHealth.unreadable(source, problem));
        }
        BrokerReading end;
        try {
            end = client.settled();
        } catch (ManagementUnavailable e) {
            return new Result(null, BrokerHealth.unreadable(source, e.getMessage()));
        }
        long in = end.enqueued() - start.enqueued();
        long out = end.dequeued() - start.dequeued();
        long dispatched = end.dispatched() - start.dispatched();
        Set<String> alarms = new LinkedHashSet<>(start.alarms());
        alarms.addAll(end.alarms());
        Set<String> flow = new LinkedHashSet<>(start.flowControl());
        flow.addAll(end.flowControl());
        long blocked = end.blockedSends() < 0 || start.blockedSends() < 0 ? -1 : end.blockedSends() - start.blockedSends();
        if (in < 0 || out < 0 || dispatched < 0) {
            return new Result(null, new BrokerHealth(source, List.copyOf(alarms), List.copyOf(flow), blocked,
                    "the broker's counters went back during the point (was it restarted?)"));
        }
        BrokerCounts counts = new BrokerCounts(source, in, out, dispatched, end.inFlight(), end.remaining());
        return new Result(counts, new BrokerHealth(source, new ArrayList<>(alarms), new ArrayList<>(flow), blocked, null));
    }

    /** The broker's counts over the point ({@code null}: unread) and what it said about its health. */
    public record Result(BrokerCounts counts, BrokerHealth health) {
    }
}
