package io.jmsbench.broker.management;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.BrokerHealth;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import io.jmsbench.scenario.DestinationSpec;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    private final String purged;

    private ManagementWindow(BrokerManagementClient client, BrokerReading start, String problem, String purged) {
        this.client = client;
        this.start = start;
        this.problem = problem;
        this.purged = purged;
    }

    /** Reads the broker's figures at the point's start; a failure is kept and told at its end. */
    public static ManagementWindow open(BrokerManagementClient client) throws InterruptedException {
        return open(client, null);
    }

    /**
     * As {@link #open(BrokerManagementClient)}, first emptying those of {@code purge}'s destinations
     * that hold messages ({@code null}: none), then reading again: a purge may move the counters
     * (ActiveMQ counts purged messages as dequeued). The queues purged are taken as empty, as the
     * broker said they now are (RabbitMQ's statistics would show them full for up to 5 s more).
     */
    public static ManagementWindow open(BrokerManagementClient client, DestinationSpec purge)
            throws InterruptedException {
        BrokerReading start;
        try {
            start = client.read();
        } catch (ManagementUnavailable e) {
            return new ManagementWindow(client, null, e.getMessage(), null);
        }
        Map<String, Long> ours = purge == null ? Map.of() : Destinations.ours(start.held(), purge);
        if (ours.isEmpty()) {
            return new ManagementWindow(client, start, null, null);
        }
        try {
            long messages = client.purge(ours);
            BrokerReading after = client.read();
            Map<String, Long> held = new HashMap<>(after.held());
            held.keySet().removeAll(ours.keySet());
            return new ManagementWindow(client, after.withHeld(held), null, String.format(Locale.ROOT,
                    "purged %,d messages from %s", messages, String.join(", ", ours.keySet())));
        } catch (ManagementUnavailable e) {
            return new ManagementWindow(client, start, null, "not purged: " + e.getMessage());
        }
    }

    /** A window that cannot be read, for {@code problem}. */
    public static ManagementWindow unreadable(String problem) {
        return new ManagementWindow(null, null, problem, null);
    }

    /** What the purge before the point did ({@code "purged 1,200 messages from bench.q"}); {@code null}: none asked or needed. */
    public String purged() {
        return purged;
    }

    /**
     * What each destination held at the point's start, as the broker said before any client connected
     * (those holding any); {@code null} when the interface could not be read.
     */
    public Map<String, Long> heldBefore() {
        return start == null ? null : start.held();
    }

    /**
     * The broker's counts and health over the point, its counters waited for as {@code settling}
     * allows; its counts {@code null} when they could not be read, a counter {@code -1} that had not
     * settled (the counts' source then says which).
     */
    public Result close(Settling settling) throws InterruptedException {
        String source = client == null ? "the broker's management interface" : client.source();
        if (start == null) {
            return new Result(null, BrokerHealth.unreadable(source, problem));
        }
        BrokerReading end;
        try {
            end = client.settled(settling);
        } catch (ManagementUnavailable e) {
            return new Result(null, BrokerHealth.unreadable(source, e.getMessage()));
        }
        long in = end.enqueued() < 0 ? BrokerCounts.UNKNOWN : end.enqueued() - start.enqueued();
        long out = end.dequeued() < 0 ? BrokerCounts.UNKNOWN : end.dequeued() - start.dequeued();
        long dispatched = end.dispatched() < 0 ? BrokerCounts.UNKNOWN : end.dispatched() - start.dispatched();
        Set<String> alarms = new LinkedHashSet<>(start.alarms());
        alarms.addAll(end.alarms());
        Set<String> flow = new LinkedHashSet<>(start.flowControl());
        flow.addAll(end.flowControl());
        long blocked = end.blockedSends() < 0 || start.blockedSends() < 0 ? -1 : end.blockedSends() - start.blockedSends();
        if (end.enqueued() >= 0 && in < 0 || end.dequeued() >= 0 && out < 0 || end.dispatched() >= 0 && dispatched < 0) {
            return new Result(null, new BrokerHealth(source, List.copyOf(alarms), List.copyOf(flow), blocked,
                    "the broker's counters went back during the point (was it restarted?)"));
        }
        BrokerCounts counts = new BrokerCounts(end.note() == null ? source : source + "; " + end.note(),
                in, out, dispatched, end.inFlight(), end.remaining()).withHeldBefore(start.held());
        return new Result(counts, new BrokerHealth(source, new ArrayList<>(alarms), new ArrayList<>(flow), blocked, null));
    }

    /** The broker's counts over the point ({@code null}: unread) and what it said about its health. */
    public record Result(BrokerCounts counts, BrokerHealth health) {
    }
}
